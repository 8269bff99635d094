/**
 * readCsvRecordsQuick (the participant upload's CSV reader, ADR 0038) against readCsvRecords (csv-parse as a
 * stream): the same records, row numbers and errors for hand-picked and random files, read in windows of a few
 * bytes (every line break, quote and multi-byte character cut at a window edge) as well as in one window.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { readCsvHeader, readCsvRecords, type CsvPosition } from "~/features/jobs/files.server";
import { readCsvRecordsQuick } from "~/features/jobs/csv-quick.server";

let cycleId: number;

beforeAll(async () => {
  const db = await getDb();
  cycleId = (await db.cycle.create({ data: { name: "csv quick", workflowId: `test-cycle-${randomUUID()}` } })).id;
});

async function jobWith(content: string | Uint8Array): Promise<number> {
  const db = await getDb();
  const job = await db.job.create({ data: { cycleId, type: "UPLOAD_PARTICIPANTS", workflowId: `job-csv-${randomUUID()}` } });
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: "x.csv", contentType: "text/csv", content: bytes as Uint8Array<ArrayBuffer> } });
  return job.id;
}

type Outcome = { records: Array<{ rowNumber: number; cells: string[] }> } | { error: string };

async function slow(jobId: number, from: CsvPosition): Promise<Outcome> {
  const records = [];
  try {
    for await (const { record } of readCsvRecords(await getDb(), jobId, from)) records.push(record);
  } catch (err) {
    return { error: (err as Error).message };
  }
  return { records };
}

async function quick(jobId: number, from: CsvPosition, window?: number): Promise<Outcome> {
  const records = [];
  try {
    for await (const record of readCsvRecordsQuick(await getDb(), jobId, from, window)) records.push(record);
  } catch (err) {
    return { error: (err as Error).message };
  }
  return { records };
}

/** Both readers from the start of the file and from after its header, in windows of 1, 3 and 8 bytes and 1 MB. */
async function expectSame(content: string | Uint8Array) {
  const jobId = await jobWith(content);
  const db = await getDb();
  const starts: CsvPosition[] = [{ row: 0, offset: 0, line: 0 }];
  try {
    const header = await readCsvHeader(db, jobId);
    if (header) starts.push(header.start);
  } catch {
    // not CSV at all: from the start only
  }
  for (const from of starts) {
    const expected = await slow(jobId, from);
    for (const window of [1, 3, 8, undefined]) {
      expect(await quick(jobId, from, window), `${JSON.stringify(typeof content === "string" ? content : "bytes")} from ${from.offset}, window ${window}`).toEqual(expected);
    }
  }
}

describe("readCsvRecordsQuick reads what readCsvRecords reads", () => {
  it("plain, quoted, multi-line and blank records; every kind of line break; a BOM; unusable files", async () => {
    const cases = [
      "email,manager_email\na@x.com,b@x.com\nc@x.com,\n",
      "email\r\na@x.com\r\n\r\nb@x.com\r\n",
      "email\ra@x.com\r\rb@x.com",
      "\uFEFFemail,x\na,b\n",
      'email,note\n"a@x.com","multi\nline"\nb@x.com,"with ""quotes"", and a comma"\r\nc@x.com,plain\n',
      'email,note\na"b@x.com,in"side\n"q",\n,,\n   ,  \n\n\nlast,row',
      "email\n\u00e9l\u00e8ve@x.com\n\u4e2d\u6587@x.com,\u00e9\n",
      'email\n"unclosed\nmore\n',
      'email\n"a"b,c\n',
      "",
      "\n\n",
      'email\n"a\r\nb","c\rd"\r\n"e"\r',
    ];
    for (const c of cases) await expectSame(c);
    // Invalid UTF-8 next to a delimiter.
    await expectSame(new Uint8Array([...new TextEncoder().encode("email,x\n"), 0xe2, 0x2c, 0x61, 0x0a, 0xc3, 0x0a]));
  });

  it("random files", async () => {
    const alphabet = ["a", "b", "@", ".", ",", ",", '"', "\n", "\n", "\r", "\r\n", " ", "\u00e9", "\u4e2d"];
    let seed = 16;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 24; n++) {
      let text = "email,manager_email\n";
      const length = Math.floor(random() * 80);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      await expectSame(text);
    }
  }, 300_000); // ~12 s on a quiet machine; each file is read in windows of 1–8 bytes from the database (24 files: 40 cost CI a minute more)
});
