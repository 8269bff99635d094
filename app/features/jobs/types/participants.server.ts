import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import type { Tx } from "~/platform/db.server";
import { participantAuditSnapshot, participantInclude, toParticipantJson } from "~/features/participants/model.server";
import { readCsvHeader, readCsvRecords, type CsvPosition, type CsvRecord } from "~/features/jobs/files.server";
import { auditJob, CHUNK_TX, claimRows, JobInputError, JobStateError, type JobContext, type JobHandler, type JobVerdict } from "~/features/jobs/runner.server";
import { importParticipantRows, PARTICIPANT_CSV_COLUMNS } from "~/features/participants/service.server";
import { openWorkOfCurrentStage } from "~/features/cycles/stage-effects.server";
import type { JobStep, StepResult } from "../../../../workflows/bulk-job-contract";

/**
 * Handlers of the participant bulk jobs (ADR 0015):
 *  - upload (insert only: a row whose user already is a participant is a row error) and upsert
 *    (insert or update) from a CSV, in chunks, with the two error modes;
 *  - populate from the organisation (active employees and people partners, insert only);
 *  In a cycle whose SPU feedback or manager feedback stage is open, every chunk opens that stage's work
 *  for the participants it created or re-managed, in the chunk's transaction (openWorkOfCurrentStage,
 *  the statements of the stage move scoped to them; ON CONFLICT DO NOTHING, so a re-run opens nothing twice).
 *  - download of the cycle's participants as CSV.
 */

type ErrorRow = { rowNumber: number; column: string | null; message: string };

// ---------------------------------------------------------------------------------------------
// CSV imports: upload (insert only) and upsert

/** Phase texts (Job.message while running; claimRows checks them). */
export const PHASE = {
  checking: "Checking rows",
  saving: "Saving rows",
  populating: "Creating participants",
  writing: "Writing the file",
} as const;

type CsvCursor = CsvPosition & { columns: string[] };

function csvCursor(value: JobStep["cursor"]): CsvCursor {
  const c = value as unknown as CsvCursor;
  if (!c || typeof c.row !== "number" || typeof c.offset !== "number" || typeof c.line !== "number" || !Array.isArray(c.columns)) {
    throw new Error("Malformed CSV step cursor");
  }
  return c;
}

async function headerOf(ctx: JobContext): Promise<{ columns: string[]; start: CsvPosition }> {
  const header = await readCsvHeader(ctx.db, ctx.job.id);
  if (!header) throw new JobInputError("The file is empty: the first row must name the columns");
  const allowed: readonly string[] = PARTICIPANT_CSV_COLUMNS;
  const missing = header.columns.includes("email") ? [] : ["email"];
  const unknown = header.columns.filter((c) => !allowed.includes(c));
  if (missing.length || unknown.length) {
    throw new JobInputError(`Invalid CSV header: ${[...missing.map((c) => `missing column ${c}`), ...unknown.map((c) => `unknown column ${c || "(blank)"}`)].join("; ")}`);
  }
  return header;
}

/** 64-bit hash of a normalized email (duplicate candidates; confirmed on the text afterwards). */
function emailHash(email: string): bigint {
  return createHash("sha256").update(email).digest().readBigUInt64BE(0);
}

const normEmail = (v: string | undefined) => (v ?? "").trim().toLowerCase();

/**
 * One streaming pass over the whole file: counts the data rows and finds emails listed more than
 * once. Memory: 12 bytes per row (hash + row number) plus the candidate rows' emails, never the rows.
 */
async function scanCsv(ctx: JobContext, start: CsvPosition, columns: string[]): Promise<{ totalRows: number; duplicates: ErrorRow[] }> {
  const emailAt = columns.indexOf("email");
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
      else duplicates.push({ rowNumber: record.rowNumber, column: "email", message: `${email} is listed more than once in the file (first on row ${first})` });
    }
  }
  return { totalRows: n, duplicates };
}

function importHandler(mode: "insert" | "upsert"): JobHandler {
  const checkFirst = (ctx: JobContext) => ctx.job.errorMode === "ALL_OR_NOTHING";
  const phaseKey = (ctx: JobContext) => (checkFirst(ctx) ? "check" : "save");

  return {
    async begin(ctx) {
      const { columns, start } = await headerOf(ctx);
      const { totalRows, duplicates } = await scanCsv(ctx, start, columns);
      const first = totalRows > 0 ? { phase: phaseKey(ctx), cursor: { ...start, columns } } : null;
      return {
        totalRows,
        phase: checkFirst(ctx) ? PHASE.checking : PHASE.saving,
        first,
        write: async (tx) => {
          for (let i = 0; i < duplicates.length; i += 1000) {
            await tx.jobRowError.createMany({ data: duplicates.slice(i, i + 1000).map((e) => ({ jobId: ctx.job.id, ...e })) });
          }
        },
      };
    },

    async step(ctx, step) {
      const phase = step.phase === "check" ? PHASE.checking : step.phase === "save" ? PHASE.saving : null;
      if (!phase) throw new Error(`Unknown step phase ${step.phase}`);
      const cursor = csvCursor(step.cursor);
      const records: CsvRecord[] = [];
      let next: CsvPosition = cursor;
      for await (const item of readCsvRecords(ctx.db, ctx.job.id, cursor, ctx.chunkRows)) {
        records.push(item.record);
        next = item.next;
      }
      const isLast = records.length === 0 || next.row >= ctx.job.totalRows;
      const nextInPhase: JobStep | null = isLast ? null : { phase: step.phase, cursor: { ...next, columns: cursor.columns } };
      const saveFromStart = async (): Promise<JobStep> => {
        const { start } = await headerOf(ctx);
        return { phase: "save", cursor: { ...start, columns: cursor.columns } };
      };
      ctx.checkCancelled();

      const outcome = await ctx.db.$transaction(async (tx) => {
        const claimed = await claimRows(tx, ctx.job.id, { phase, from: cursor.row, to: next.row });
        if (!claimed) return { claimed: false as const, switched: false };
        const failed = await importChunk(tx, ctx, mode, step.phase === "save", cursor.columns, records);
        await tx.job.update({
          where: { id: ctx.job.id },
          data: { failedRows: { increment: failed.failedRows }, succeededRows: { increment: failed.committedRows } },
        });
        if (step.phase === "check" && isLast) {
          const now = await tx.job.findUniqueOrThrow({ where: { id: ctx.job.id }, select: { failedRows: true } });
          if (now.failedRows === 0) {
            // Every row is valid: start the commit pass from the first row.
            await tx.job.update({ where: { id: ctx.job.id }, data: { message: PHASE.saving, processedRows: 0, succeededRows: 0, failedRows: 0 } });
            return { claimed: true as const, switched: true };
          }
        }
        return { claimed: true as const, switched: false };
      }, CHUNK_TX);

      if (outcome.claimed) {
        if (outcome.switched) return { next: await saveFromStart() };
        return { next: nextInPhase };
      }
      // Not claimed: this chunk was done before (retry or resumed workflow); find where things stand.
      const job = await ctx.db.job.findUniqueOrThrow({ where: { id: ctx.job.id } });
      if (job.status !== "RUNNING") return { next: null };
      if (step.phase === "check" && job.message === PHASE.saving) return { next: await saveFromStart() };
      if (job.message === phase && job.processedRows >= next.row) return { next: nextInPhase };
      throw new JobStateError(`Job ${job.id} is at row ${job.processedRows} (${job.message}); the step expected row ${cursor.row}`);
    },

    async finish(ctx): Promise<JobVerdict> {
      const job = ctx.job;
      const total = job.totalRows;
      if (total === 0) return { status: "SUCCEEDED", message: "The file has no rows" };
      if (job.errorMode === "ALL_OR_NOTHING" && job.failedRows > 0) {
        return {
          status: "FAILED",
          message:
            job.succeededRows > 0
              ? `${job.failedRows} of ${total} rows became invalid while saving; ${job.succeededRows} rows had been committed`
              : `${job.failedRows} of ${total} rows have errors; nothing was committed`,
        };
      }
      if (job.failedRows > 0) {
        return { status: "SUCCEEDED", message: `${job.succeededRows} of ${total} rows committed; ${job.failedRows} rows with errors were skipped` };
      }
      return { status: "SUCCEEDED", message: `${job.succeededRows} of ${total} rows committed` };
    },
  };
}

/**
 * Check (and in the save phase commit) one chunk inside the claiming transaction: malformed rows,
 * rows already failed by the whole-file scan (duplicates), ParticipantRowSchema and the database
 * checks, and for an upload rows whose user already is a participant (importParticipantRows, one
 * planning pass). Records the row errors; in the save phase upserts the valid rows and writes the
 * chunk's job.rows_committed audit record.
 */
async function importChunk(
  tx: Tx,
  ctx: JobContext,
  mode: "insert" | "upsert",
  save: boolean,
  columns: string[],
  records: CsvRecord[],
): Promise<{ failedRows: number; committedRows: number }> {
  const jobId = ctx.job.id;
  const cycleId = ctx.job.cycleId;
  if (records.length === 0) return { failedRows: 0, committedRows: 0 };
  const firstRow = records[0]!.rowNumber;
  const lastRow = records[records.length - 1]!.rowNumber;
  const earlier = await tx.jobRowError.findMany({
    where: { jobId, rowNumber: { gte: firstRow, lte: lastRow } },
    select: { rowNumber: true },
    distinct: ["rowNumber"],
  });
  const failed = new Set(earlier.map((e) => e.rowNumber));
  const errors: ErrorRow[] = [];
  const candidates: Array<{ rowNumber: number; values: Record<string, string> }> = [];
  for (const record of records) {
    if (failed.has(record.rowNumber)) continue;
    if (record.cells.length !== columns.length) {
      errors.push({ rowNumber: record.rowNumber, column: null, message: `The row has ${record.cells.length} cells; the header has ${columns.length}` });
      failed.add(record.rowNumber);
      continue;
    }
    candidates.push({ rowNumber: record.rowNumber, values: Object.fromEntries(columns.map((c, i) => [c, record.cells[i]!])) });
  }

  // One pass over the candidates: checks (and in the save phase writes) in a few statements per chunk.
  const result = await importParticipantRows(tx, cycleId, candidates.map((c) => c.values), ctx.actor, { insertOnly: mode === "insert", write: save });
  for (const issue of result.issues) {
    const rowNumber = candidates[issue.index]!.rowNumber;
    errors.push({ rowNumber, column: issue.column, message: issue.message });
    failed.add(rowNumber);
  }
  if (errors.length) await tx.jobRowError.createMany({ data: errors.map((e) => ({ jobId, ...e })) });

  let committedRows = 0;
  if (save) {
    committedRows = candidates.filter((c) => !failed.has(c.rowNumber)).length;
    await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
      from_row: firstRow,
      to_row: lastRow,
      rows: records.length,
      committed: committedRows,
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      failed: failed.size,
      ...(result.opened ? { requests_opened: result.opened.created } : {}),
    });
  }
  return { failedRows: failed.size, committedRows };
}

// ---------------------------------------------------------------------------------------------
// Populate from the organisation

type KeysetCursor = { row: number; afterId: number; part?: number };

function keysetCursor(value: JobStep["cursor"]): KeysetCursor {
  const c = value as unknown as KeysetCursor;
  if (!c || typeof c.row !== "number" || typeof c.afterId !== "number") throw new Error("Malformed step cursor");
  return c;
}

const POPULATE_ROLES = ["EMPLOYEE", "PEOPLE_PARTNER"] as const;

const populateHandler: JobHandler = {
  async begin(ctx) {
    const totalRows = await ctx.db.user.count({ where: { active: true, role: { in: [...POPULATE_ROLES] } } });
    return { totalRows, phase: PHASE.populating, first: { phase: "populate", cursor: { row: 0, afterId: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = keysetCursor(step.cursor);
    const users = await ctx.db.user.findMany({
      where: { active: true, role: { in: [...POPULATE_ROLES] }, id: { gt: cursor.afterId } },
      select: { id: true, managerId: true, secondaryManagerId: true, hrPartnerId: true },
      orderBy: { id: "asc" },
      take: ctx.chunkRows,
    });
    const to = cursor.row + users.length;
    const next: JobStep | null = users.length < ctx.chunkRows ? null : { phase: "populate", cursor: { row: to, afterId: users[users.length - 1]!.id } };
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: PHASE.populating, from: cursor.row, to }))) return;
      if (users.length === 0) return;
      const inserted = await tx.participant.createManyAndReturn({
        data: users.map((u) => ({
          cycleId: ctx.job.cycleId,
          userId: u.id,
          managerId: u.managerId,
          secondaryManagerId: u.secondaryManagerId,
          hrPartnerId: u.hrPartnerId,
        })),
        skipDuplicates: true, // idempotent: existing participants are left as they are
        select: { id: true },
      });
      if (inserted.length) {
        const created = await tx.participant.findMany({ where: { id: { in: inserted.map((r) => r.id) } }, include: participantInclude });
        await tx.auditRecord.createMany({
          data: created.map((row) => ({
            actorId: ctx.actor.userId,
            realActorId: ctx.actor.realUserId ?? ctx.actor.userId,
            source: ctx.actor.source,
            action: "participant.create",
            entityType: "Participant",
            entityId: String(row.id),
            after: JSON.parse(JSON.stringify({ cycle_id: ctx.job.cycleId, ...participantAuditSnapshot(toParticipantJson(row)) })),
          })),
        });
      }
      // New participants of a cycle in a feedback stage get its requests, as a single create would.
      const opened = await openWorkOfCurrentStage(tx, ctx.job.cycleId, inserted.map((r) => r.id), ctx.actor);
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: inserted.length } } });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
        from_user_id: users[0]!.id,
        to_user_id: users[users.length - 1]!.id,
        rows: users.length,
        created: inserted.length,
        already_participants: users.length - inserted.length,
        ...(opened ? { requests_opened: opened.created } : {}),
      });
    }, CHUNK_TX);
    return { next };
  },

  async finish(ctx) {
    const job = ctx.job;
    return {
      status: "SUCCEEDED",
      message: `Created ${job.succeededRows} participants; ${job.processedRows - job.succeededRows} users were already participants`,
      // Users may have joined or left meanwhile: the total is what was processed.
      write: async (tx) => void (await tx.job.update({ where: { id: job.id }, data: { totalRows: job.processedRows } })),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Download as CSV

/** Columns of the participants download: the upload columns, then read-only ones. */
export const PARTICIPANT_DOWNLOAD_COLUMNS = [...PARTICIPANT_CSV_COLUMNS, "name", "calibrated_rating", "promotion_decision"] as const;

const PART_PREFIX = "part:";
const partKind = (n: number) => `${PART_PREFIX}${String(n).padStart(6, "0")}`;

const downloadHandler: JobHandler = {
  async begin(ctx) {
    const totalRows = await ctx.db.participant.count({ where: { cycleId: ctx.job.cycleId } });
    return { totalRows, phase: PHASE.writing, first: { phase: "export", cursor: { row: 0, afterId: 0, part: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = keysetCursor(step.cursor);
    const part = cursor.part ?? 0;
    const rows = await ctx.db.participant.findMany({
      where: { cycleId: ctx.job.cycleId, id: { gt: cursor.afterId } },
      include: participantInclude,
      orderBy: { id: "asc" },
      take: ctx.chunkRows,
    });
    const records = rows.map((row) => {
      const p = toParticipantJson(row);
      return [p.email, p.manager_email ?? "", p.secondary_manager_email ?? "", p.hr_partner_email ?? "", p.reviewer_only ? "true" : "false", p.name, p.calibrated_rating ?? "", p.promotion_decision ?? ""];
    });
    const csv = stringify(records, { header: part === 0, columns: [...PARTICIPANT_DOWNLOAD_COLUMNS] });
    const to = cursor.row + rows.length;
    const next: JobStep | null = rows.length < ctx.chunkRows ? null : { phase: "export", cursor: { row: to, afterId: rows[rows.length - 1]!.id, part: part + 1 } };
    ctx.checkCancelled();
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: PHASE.writing, from: cursor.row, to }))) return;
      if (csv.length > 0) {
        await tx.jobFile.createMany({
          data: [{ jobId: ctx.job.id, kind: partKind(part), name: partKind(part), contentType: "text/csv", content: Buffer.from(csv, "utf8") }],
          skipDuplicates: true,
        });
      }
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: rows.length } } });
    }, CHUNK_TX);
    return { next };
  },

  async finish(ctx) {
    const job = ctx.job;
    const name = `participants-cycle-${job.cycleId}-job-${job.id}.csv`;
    return {
      status: "SUCCEEDED",
      message: `${job.processedRows} participants written`,
      // Assemble the parts into the output file inside the database (no copy through Node).
      write: async (tx) => {
        await tx.$executeRaw`
          INSERT INTO "JobFile" ("jobId", kind, name, "contentType", content)
          SELECT ${job.id}, 'output', ${name}, 'text/csv; charset=utf-8', COALESCE(string_agg(content, ''::bytea ORDER BY kind), ''::bytea)
          FROM "JobFile" WHERE "jobId" = ${job.id} AND kind LIKE ${PART_PREFIX + "%"}
          ON CONFLICT ("jobId", kind) DO NOTHING`;
        await tx.jobFile.deleteMany({ where: { jobId: job.id, kind: { startsWith: PART_PREFIX } } });
        await tx.job.update({ where: { id: job.id }, data: { totalRows: job.processedRows } });
      },
    };
  },
};

export const participantJobHandlers = {
  UPLOAD_PARTICIPANTS: importHandler("insert"),
  UPSERT_PARTICIPANTS: importHandler("upsert"),
  POPULATE_PARTICIPANTS: populateHandler,
  DOWNLOAD_PARTICIPANTS: downloadHandler,
} satisfies Record<string, JobHandler>;
