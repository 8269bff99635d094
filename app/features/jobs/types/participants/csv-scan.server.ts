import { createHash } from "node:crypto";
import { readCsvRecords, type CsvPosition } from "~/features/jobs/files.server";
import type { JobContext } from "~/features/jobs/runner.server";
import { checkedCsvHeader, codedRowError, type ErrorRow } from "~/features/jobs/types/csv-steps.server";
import { PARTICIPANT_CSV_COLUMNS } from "~/features/participants/schemas";

/** The whole-file checks of a participant CSV before its chunks: the header, the row count and the emails listed twice. */

/** The header (an email column, only the participant columns) and where the rows start. */
export async function headerOf(ctx: JobContext): Promise<{ columns: string[]; start: CsvPosition }> {
  return checkedCsvHeader(ctx, PARTICIPANT_CSV_COLUMNS, ["email"]);
}

/** 64-bit hash of a normalized email (duplicate candidates; confirmed on the text afterwards). */
function emailHash(email: string): bigint {
  return createHash("sha256").update(email).digest().readBigUInt64BE(0);
}

const normEmail = (v: string | undefined) => (v ?? "").trim().toLowerCase();

/**
 * One streaming pass over the whole file: counts the data rows and finds emails (column `emailColumn`) listed
 * more than once. Memory: 12 bytes per row (hash + row number) plus the candidate rows' emails, never the rows.
 */
export async function scanCsv(
  ctx: JobContext,
  start: CsvPosition,
  columns: string[],
  emailColumn = "email",
): Promise<{ totalRows: number; duplicates: ErrorRow[] }> {
  const emailAt = columns.indexOf(emailColumn);
  let hashes = new BigUint64Array(16_384);
  let rows = new Uint32Array(16_384);
  let n = 0;
  for await (const { record } of readCsvRecords(ctx.db, ctx.job.id, start)) {
    const email = normEmail(record.cells[emailAt]);
    if (n === hashes.length) {
      const h = new BigUint64Array(n * 2);
      h.set(hashes);
      hashes = h;
      const r = new Uint32Array(n * 2);
      r.set(rows);
      rows = r;
    }
    hashes[n] = email ? emailHash(email) : 0n; // 0: blank email, reported by validation instead
    rows[n] = record.rowNumber;
    n++;
    if (n % 5000 === 0) ctx.heartbeat({ scanned: n });
  }
  // Sort positions by (hash, row) and collect the rows of every hash seen more than once.
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (hashes[a]! < hashes[b]! ? -1 : hashes[a]! > hashes[b]! ? 1 : rows[a]! - rows[b]!));
  const candidates = new Set<number>();
  for (let i = 1; i < n; i++) {
    const h = hashes[order[i]!]!;
    if (h !== 0n && h === hashes[order[i - 1]!]) {
      candidates.add(rows[order[i - 1]!]!);
      candidates.add(rows[order[i]!]!);
    }
  }
  const duplicates: ErrorRow[] = [];
  if (candidates.size > 0) {
    // Second pass, only for the candidate rows: compare the emails themselves.
    const firstRowOf = new Map<string, number>();
    let seen = 0;
    for await (const { record } of readCsvRecords(ctx.db, ctx.job.id, start)) {
      if (++seen % 5000 === 0) ctx.heartbeat({ rechecked: seen });
      if (!candidates.has(record.rowNumber)) continue;
      const email = normEmail(record.cells[emailAt]);
      const first = firstRowOf.get(email);
      if (first === undefined) firstRowOf.set(email, record.rowNumber);
      else duplicates.push(codedRowError(record.rowNumber, emailColumn, "storedTexts.jobs.rows.listedTwiceInFile", { email, first }));
    }
  }
  return { totalRows: n, duplicates };
}
