import { crc32 } from "node:zlib";

/**
 * A ZIP archive written piece by piece (ADR 0023): each entry is "stored" (no compression; the PDFs inside
 * are already compressed) as its local header followed by the data, so entries can be produced in separate
 * steps, kept in the database, and concatenated in SQL; the central directory is then built from the local
 * headers alone, without reading the data again. PKZIP 2.0 format without ZIP64: at most 65,535 entries
 * and 4 GiB (checked).
 */

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;
const LOCAL_HEADER = 30;
const UTF8_FLAG = 0x0800;
const VERSION = 20;

export const ZIP_MAX_ENTRIES = 0xffff;
export const ZIP_MAX_BYTES = 0xffffffff;

/** An entry as its local header tells it (plus where it starts in the archive). */
export type ZipEntryInfo = { name: string; crc: number; size: number; dosTime: number; dosDate: number; offset: number };

function dosDateTime(d: Date): { dosTime: number; dosDate: number } {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    dosTime: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** One stored entry: local file header + data. */
export function zipLocalEntry(name: string, data: Uint8Array, modified: Date): Buffer {
  if (data.byteLength > ZIP_MAX_BYTES) throw new Error(`${name} is too large for a ZIP entry`);
  const nameBytes = Buffer.from(name, "utf8");
  const { dosTime, dosDate } = dosDateTime(modified);
  const header = Buffer.alloc(LOCAL_HEADER);
  header.writeUInt32LE(LOCAL_SIG, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_FLAG, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(dosTime, 10);
  header.writeUInt16LE(dosDate, 12);
  header.writeUInt32LE(crc32(data) >>> 0, 14);
  header.writeUInt32LE(data.byteLength, 18);
  header.writeUInt32LE(data.byteLength, 22);
  header.writeUInt16LE(nameBytes.byteLength, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, nameBytes, data]);
}

/** Read the local header at the start of `head` (the first bytes of an entry written by zipLocalEntry). */
export function readLocalHeader(head: Uint8Array, offset: number): ZipEntryInfo {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.byteLength < LOCAL_HEADER || b.readUInt32LE(0) !== LOCAL_SIG) throw new Error("Not a ZIP local file header");
  const nameLength = b.readUInt16LE(26);
  const extra = b.readUInt16LE(28);
  if (b.byteLength < LOCAL_HEADER + nameLength || extra !== 0) throw new Error("Truncated ZIP local file header");
  return {
    name: b.subarray(LOCAL_HEADER, LOCAL_HEADER + nameLength).toString("utf8"),
    dosTime: b.readUInt16LE(10),
    dosDate: b.readUInt16LE(12),
    crc: b.readUInt32LE(14),
    size: b.readUInt32LE(22),
    offset,
  };
}

/** Bytes of an entry before its data (header + name), i.e. entry length = this + size. */
export function localEntryOverhead(name: string): number {
  return LOCAL_HEADER + Buffer.byteLength(name, "utf8");
}

/** The central directory and end record for `entries` (in archive order), starting at byte `start`. */
export function zipCentralDirectory(entries: readonly ZipEntryInfo[], start: number): Buffer {
  if (entries.length > ZIP_MAX_ENTRIES) throw new Error(`A ZIP archive holds at most ${ZIP_MAX_ENTRIES} entries (ZIP64 is not written)`);
  const parts: Buffer[] = [];
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const h = Buffer.alloc(46);
    h.writeUInt32LE(CENTRAL_SIG, 0);
    h.writeUInt16LE(VERSION, 4); // made by
    h.writeUInt16LE(VERSION, 6); // needed
    h.writeUInt16LE(UTF8_FLAG, 8);
    h.writeUInt16LE(0, 10);
    h.writeUInt16LE(e.dosTime, 12);
    h.writeUInt16LE(e.dosDate, 14);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(e.size, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(name.byteLength, 28);
    h.writeUInt16LE(0, 30); // extra
    h.writeUInt16LE(0, 32); // comment
    h.writeUInt16LE(0, 34); // disk
    h.writeUInt16LE(0, 36); // internal attributes
    h.writeUInt32LE(0, 38); // external attributes
    h.writeUInt32LE(e.offset, 42);
    parts.push(h, name);
  }
  const central = Buffer.concat(parts);
  if (start + central.byteLength > ZIP_MAX_BYTES) throw new Error("The archive is larger than 4 GiB (ZIP64 is not written)");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_SIG, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.byteLength, 12);
  end.writeUInt32LE(start, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([central, end]);
}

/** Read a stored-only archive back (tests and checks): name → data, verifying every CRC. */
export function readStoredZip(archive: Uint8Array): Map<string, Buffer> {
  const b = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const endAt = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error("No ZIP end of central directory record");
  const count = b.readUInt16LE(endAt + 10);
  let p = b.readUInt32LE(endAt + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (b.readUInt32LE(p) !== CENTRAL_SIG) throw new Error(`Bad central directory entry ${i}`);
    const crc = b.readUInt32LE(p + 16);
    const size = b.readUInt32LE(p + 24);
    const nameLength = b.readUInt16LE(p + 28);
    const skip = b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    const offset = b.readUInt32LE(p + 42);
    const name = b.subarray(p + 46, p + 46 + nameLength).toString("utf8");
    const local = readLocalHeader(b.subarray(offset, offset + LOCAL_HEADER + nameLength), offset);
    if (local.name !== name || local.crc !== crc || local.size !== size) throw new Error(`Entry ${name}: local and central headers differ`);
    const data = b.subarray(offset + LOCAL_HEADER + nameLength, offset + LOCAL_HEADER + nameLength + size);
    if ((crc32(data) >>> 0) !== crc) throw new Error(`Entry ${name}: CRC mismatch`);
    out.set(name, Buffer.from(data));
    p += 46 + nameLength + skip;
  }
  return out;
}
