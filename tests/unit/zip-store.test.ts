import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLocalHeader, readStoredZip, zipCentralDirectory, zipLocalEntry, type ZipEntryInfo } from "~/platform/zip-store.server";

/** Build an archive the way the bulk PDF job does: entries written separately, directory from their headers. */
function archive(files: Array<[string, string]>, when = new Date("2026-06-30T12:34:56Z")) {
  const parts = files.map(([name, text]) => zipLocalEntry(name, Buffer.from(text), when));
  let offset = 0;
  const infos: ZipEntryInfo[] = parts.map((p) => {
    const info = readLocalHeader(p.subarray(0, 300), offset);
    offset += p.byteLength;
    return info;
  });
  return Buffer.concat([...parts, zipCentralDirectory(infos, offset)]);
}

describe("stored ZIP written piece by piece", () => {
  it("reads back every entry with its name and content, CRCs checked", () => {
    const zip = archive([
      ["ana.silva@example.com.pdf", "%PDF-1.3 first"],
      ["zoë.müller@example.com.pdf", "second ".repeat(1000)],
      ["empty.pdf", ""],
    ]);
    const entries = readStoredZip(zip);
    expect([...entries.keys()]).toEqual(["ana.silva@example.com.pdf", "zoë.müller@example.com.pdf", "empty.pdf"]);
    expect(entries.get("zoë.müller@example.com.pdf")!.toString()).toBe("second ".repeat(1000));
    expect(entries.get("empty.pdf")!.byteLength).toBe(0);
  });

  it("an empty archive is a valid ZIP", () => {
    expect(readStoredZip(archive([])).size).toBe(0);
  });

  it("a corrupted entry is detected", () => {
    const zip = archive([["a.pdf", "hello world"]]);
    zip[35 + 2] ^= 0xff; // a byte of the data of the first entry (30-byte header + 5-byte name)
    expect(() => readStoredZip(zip)).toThrow(/CRC mismatch/);
  });

  it("is accepted by unzip (when installed)", () => {
    if (!fs.existsSync("/usr/bin/unzip")) return;
    const file = path.join(os.tmpdir(), `zip-store-${process.pid}.zip`);
    fs.writeFileSync(file, archive([["one.pdf", "1"], ["two.pdf", "22"]]));
    try {
      const out = execFileSync("/usr/bin/unzip", ["-l", file], { encoding: "utf8" });
      expect(out).toMatch(/one\.pdf/);
      expect(out).toMatch(/2026-06-30 12:34|06-30-2026 12:34/);
      expect(execFileSync("/usr/bin/unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
