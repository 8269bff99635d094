/**
 * Readers for the files jobs and downloads produce, for integration tests: the text of a PDF
 * (structure checked) and the entries of a stored ZIP archive (~/platform/zip-store.server writes it).
 */
import { inflateSync } from "node:zlib";
import { expect } from "vitest";
import { readStoredZip } from "~/platform/zip-store.server";

/**
 * A PDF checked for structure (header, startxref → xref table, every object offset pointing at its object,
 * %%EOF) and its text: the strings shown by the content streams (Flate-decoded), in order.
 */
export function pdfText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  const s = buf.toString("latin1");
  expect(s.startsWith("%PDF-1.")).toBe(true);
  const tail = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(s);
  expect(tail, "startxref and %%EOF at the end").not.toBeNull();
  const xrefAt = Number(tail![1]);
  expect(s.slice(xrefAt, xrefAt + 4)).toBe("xref");
  const head = /^xref\s+(\d+)\s+(\d+)\s+/.exec(s.slice(xrefAt))!;
  const count = Number(head[2]);
  const table = s.slice(xrefAt + head[0].length).split(/\r?\n/).slice(0, count);
  table.forEach((line, n) => {
    const [offset, , kind] = line.trim().split(/\s+/);
    if (kind === "n") expect(s.slice(Number(offset), Number(offset) + 12)).toMatch(new RegExp(`^${n} 0 obj`));
  });
  const texts: string[] = [];
  const streamRe = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(s))) {
    const start = m.index + m[0].length;
    const end = s.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(buf.subarray(start, end)).toString("latin1");
    } catch {
      continue; // not a Flate stream (e.g. a font program)
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      texts.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""));
    }
    streamRe.lastIndex = end;
  }
  return texts.join("\n");
}

/**
 * A stored ZIP archive's entries (every header and CRC checked by readStoredZip) and the number of
 * entries its end record declares: `count > entries.size` means a name occurs more than once.
 */
export function zipEntries(archive: Uint8Array): { count: number; entries: Map<string, Buffer> } {
  const b = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const endAt = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(endAt, "ZIP end of central directory record").toBeGreaterThanOrEqual(0);
  expect(b.readUInt16LE(endAt + 8), "entries on this disk = entries in total").toBe(b.readUInt16LE(endAt + 10));
  return { count: b.readUInt16LE(endAt + 10), entries: readStoredZip(archive) };
}
