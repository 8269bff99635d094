/**
 * Readers for the files jobs and downloads produce, for integration tests: the text of a PDF
 * (structure checked) and the entries of a stored ZIP archive (~/platform/zip-store.server writes it).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { readStoredZip } from "~/platform/zip-store.server";

/**
 * A PDF checked for structure (header, startxref → xref table, every object offset pointing at its object,
 * %%EOF) and its text, as pdftotext reads it (lines in reading order).
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
  // The text as a reader gets it: poppler's pdftotext (installed by scripts/setup.sh), which maps the embedded fonts'
  // glyphs back to characters through their ToUnicode maps (issue 28: the PDFs embed DejaVu Sans and Noto Sans CJK).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-pdf-text-"));
  try {
    const file = path.join(dir, "file.pdf");
    fs.writeFileSync(file, buf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
