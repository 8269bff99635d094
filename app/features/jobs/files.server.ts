import { Readable } from "node:stream";
import { parse, type Options as CsvParseOptions } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import type { Db, Tx } from "~/platform/db.server";
import { storedText } from "~/platform/i18n/stored-text.server";
import type { StoredMessage } from "~/platform/i18n/stored-text";
import { csvErrorMessage } from "~/features/jobs/csv-errors";
import { JobInputError } from "~/features/jobs/runner.server";

/**
 * Job files live in the database (JobFile.content, bytea) so any worker process can read them.
 * They are never loaded whole: readers fetch windows with `substring(content FROM .. FOR ..)` and
 * stream them, and CSV inputs are parsed as a stream from a byte offset (ADR 0015).
 */

export const INPUT_FILE = "input";
export const OUTPUT_FILE = "output";
/** A job's parameters (JSON), stored with the job when it is created (e.g. a report's metric). */
export const PARAMS_FILE = "params";

type Reader = Db | Tx;

/** Size in bytes of a job's file, or null if there is none. */
export async function jobFileSize(db: Reader, jobId: number, kind: string): Promise<number | null> {
  const rows = await db.$queryRaw<Array<{ size: number | bigint }>>`
    SELECT octet_length(content) AS size FROM "JobFile" WHERE "jobId" = ${jobId} AND kind = ${kind}`;
  return rows[0] ? Number(rows[0].size) : null;
}

async function readWindow(db: Reader, jobId: number, kind: string, offset: number, length: number): Promise<Buffer | null> {
  const rows = await db.$queryRaw<Array<{ part: Uint8Array | null }>>`
    SELECT substring(content FROM ${offset + 1}::int FOR ${length}::int) AS part
    FROM "JobFile" WHERE "jobId" = ${jobId} AND kind = ${kind}`;
  if (!rows[0]) return null;
  const part = rows[0].part;
  return part ? Buffer.from(part.buffer, part.byteOffset, part.byteLength) : Buffer.alloc(0);
}

/**
 * A stream of a job file's bytes from `start`, read in windows (`firstWindow`, default 64 KB; then
 * `window`, default twice the first, doubling up to `maxWindow`, default 1 MB), so memory stays flat
 * whatever the file size. A piped stream reads about one window ahead of its consumer: a reader
 * that stops early (one chunk of a CSV) should size the first window to what it needs and keep the
 * later ones small, so it does not fetch data it throws away. Errors with "missing" if the file
 * does not exist.
 */
export function jobFileStream(
  db: Reader,
  jobId: number,
  kind: string,
  opts: { start?: number; end?: number; firstWindow?: number; window?: number; maxWindow?: number; highWaterMark?: number } = {},
): Readable {
  let pos = opts.start ?? 0;
  const maxWindow = opts.maxWindow ?? 1024 * 1024;
  let window = opts.firstWindow ?? Math.min(64 * 1024, maxWindow);
  let first = true;
  return new Readable({
    highWaterMark: opts.highWaterMark ?? 1024 * 1024,
    async read() {
      try {
        const length = opts.end !== undefined ? Math.min(window, opts.end - pos) : window;
        if (length <= 0) return void this.push(null);
        const part = await readWindow(db, jobId, kind, pos, length);
        if (part === null) return void this.destroy(new Error(`Job ${jobId} has no ${kind} file`));
        if (part.length === 0) return void this.push(null);
        pos += part.length;
        window = Math.min(first && opts.window ? opts.window : window * 2, maxWindow);
        first = false;
        this.push(part);
      } catch (err) {
        this.destroy(err as Error);
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * Where a CSV reader stands: `row` data records read before, `offset` the byte offset of the next
 * record, `line` the number of lines before that offset. JSON, so it can be a workflow step cursor.
 */
export type CsvPosition = { row: number; offset: number; line: number };

/** One data record: `rowNumber` is the file line it starts on (the header is row 1). */
export type CsvRecord = { rowNumber: number; cells: string[] };

/**
 * The file is not valid CSV (e.g. an unclosed quote); `rowNumber` is the line where parsing stopped (0: the header
 * check, which names no row). An input error with its code (ADR 0100, 0107): what the parser found is a key of its
 * own by the parser's error code (csv-errors.ts, ADR 0122), never the parser's English.
 */
export class CsvInputError extends JobInputError {
  /** The same as a page's notice (the upload form says it in the reader's language; the API hands it on as `message_key`). */
  readonly notice: StoredMessage;
  constructor(
    cause: unknown,
    public rowNumber: number,
  ) {
    const detail = csvErrorMessage(cause);
    const notice: StoredMessage = rowNumber > 0 ? { key: "jobs.failure.notCsvNear", values: { row: rowNumber, detail } } : { key: "jobs.failure.notCsv", values: { detail } };
    super(storedText(notice.key, notice.values));
    this.notice = notice;
  }
}

/** How every job CSV is parsed (csv-parse options). */
export const CSV_OPTIONS: CsvParseOptions = {
  bom: true,
  info: true,
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: true,
  record_delimiter: ["\r\n", "\n", "\r"],
};

/** Header cells as compared: trimmed, lower case. */
export function normalizeHeader(cells: readonly string[]): string[] {
  return cells.map((c) => c.trim().toLowerCase());
}

/** A record whose cells are all blank (skipped, like blank lines). */
export function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === "");
}

/**
 * The header of an uploaded CSV held in memory (the API checks it before creating a job): the first
 * non-blank record, normalized, or null for an empty file. Throws CsvInputError if it is not CSV.
 */
export function csvHeaderOf(bytes: Uint8Array): string[] | null {
  // The header is within the first 64 KB of any sensible file.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64 * 1024));
  try {
    const records = parseSync(head, { ...CSV_OPTIONS, info: false, to: 1 }) as string[][];
    const first = records[0];
    return first && !isBlank(first) ? normalizeHeader(first) : null;
  } catch (err) {
    throw new CsvInputError(err, 0);
  }
}

/**
 * Stream the data records of a job's CSV input from `from`, at most `limit` of them, each with the
 * position after it. Blank lines and rows whose cells are all blank are skipped.
 */
export async function* readCsvRecords(
  db: Reader,
  jobId: number,
  from: CsvPosition,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<{ record: CsvRecord; next: CsvPosition }> {
  if (limit <= 0) return;
  // A bounded read (one chunk of rows) fetches about what it needs: its first window is sized from
  // the bytes per row so far (usually one query per chunk), and it reads little ahead of the parser.
  // A whole-file scan reads big windows.
  let window: { firstWindow?: number; window?: number; maxWindow?: number; highWaterMark?: number } = {};
  if (Number.isFinite(limit)) {
    const perRow = from.row > 0 ? from.offset / from.row : 0;
    const guess = perRow > 0 ? Math.ceil(perRow * limit * 1.1) + 4096 : 64 * 1024;
    const first = Math.min(Math.max(guess, 4096), 4 * 1024 * 1024);
    window = { firstWindow: first, window: 16 * 1024, maxWindow: 256 * 1024, highWaterMark: 16 * 1024 };
  }
  const source = jobFileStream(db, jobId, INPUT_FILE, { start: from.offset, ...window });
  const parser = parse(CSV_OPTIONS);
  source.on("error", (err) => parser.destroy(err));
  source.pipe(parser);
  let prevLines = 0;
  let prevEmpty = 0;
  let row = from.row;
  let count = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { bytes: number; lines: number; empty_lines: number } }>) {
      const { record, info } = item;
      const rowNumber = from.line + prevLines + (info.empty_lines - prevEmpty) + 1;
      prevLines = info.lines;
      prevEmpty = info.empty_lines;
      if (isBlank(record)) continue;
      row++;
      count++;
      yield { record: { rowNumber, cells: record }, next: { row, offset: from.offset + info.bytes, line: from.line + info.lines } };
      if (count >= limit) break;
    }
  } catch (err) {
    if (err instanceof CsvInputError) throw err;
    const line = from.line + ((parser.info?.lines as number | undefined) ?? prevLines);
    throw new CsvInputError(err, line);
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
}

/** The header of a job's CSV input and the position of its first data record; null for an empty file. */
export async function readCsvHeader(db: Reader, jobId: number): Promise<{ columns: string[]; start: CsvPosition } | null> {
  for await (const { record, next } of readCsvRecords(db, jobId, { row: 0, offset: 0, line: 0 }, 1)) {
    return { columns: normalizeHeader(record.cells), start: { row: 0, offset: next.offset, line: next.line } };
  }
  return null;
}

/** The parameters the job was created with ({} when none). */
export async function readJobParams(db: Reader, jobId: number): Promise<Record<string, string>> {
  const file = await db.jobFile.findUnique({ where: { jobId_kind: { jobId, kind: PARAMS_FILE } }, select: { content: true } });
  return file ? (JSON.parse(Buffer.from(file.content).toString("utf8")) as Record<string, string>) : {};
}
