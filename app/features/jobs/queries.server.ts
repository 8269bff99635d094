import { Readable } from "node:stream";
import type { JobType } from "~/generated/prisma/client.ts";
import { z } from "zod";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import { notFound, cycleNotFound } from "~/platform/api.server";
import { isCsvType, withCsvBom } from "~/platform/csv";
import { jobFileSize, jobFileStream, OUTPUT_FILE } from "~/features/jobs/files.server";
import { jobCycleIdFor, jobInclude, jobTypeDef, toJobJson, type JobWithCreator } from "~/features/jobs/job-types.server";
import type { JobJson, JobRowErrorJson } from "~/features/jobs/rules";
import { storedMessage } from "~/platform/i18n/stored-text";

/**
 * Reads of bulk jobs (API and pages): a cycle's jobs of one type, one job with its row errors, its output file.
 * `cycleId` is the cycle of a cycle job type (404 if unknown), null for a company-wide type (jobs without a cycle).
 */

async function assertCycle(db: Db | Tx, type: JobType, cycleId: number | null) {
  if (jobCycleIdFor(type, cycleId) === null) return;
  const cycle = await db.cycle.findUnique({ where: { id: cycleId! }, select: { id: true } });
  if (!cycle) throw cycleNotFound(cycleId!);
}

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1, "page must be a positive whole number").default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a whole number from 1 to 200" })
    .int()
    .min(1, "page_size must be a whole number from 1 to 200")
    .max(200, "page_size must be a whole number from 1 to 200")
    .default(25),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A cycle's (or, cycleId null, the company's) jobs of one type, newest first. */
export async function listJobs(cycleId: number | null, type: JobType, query: PageQuery): Promise<{ jobs: JobJson[]; total: number }> {
  const db = await getDb();
  await assertCycle(db, type, cycleId);
  const where = { cycleId, type };
  const [rows, total] = await Promise.all([
    db.job.findMany({
      where,
      include: jobInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db.job.count({ where }),
  ]);
  return { jobs: rows.map(toJobJson), total };
}

async function requireJob(db: Db, cycleId: number | null, type: JobType, jobId: number): Promise<JobWithCreator> {
  await assertCycle(db, type, cycleId);
  const job = await db.job.findFirst({ where: { id: jobId, cycleId, type }, include: jobInclude });
  if (!job) throw notFound(`Job ${jobId} not found`);
  return job;
}

export async function getJob(cycleId: number | null, type: JobType, jobId: number): Promise<JobJson> {
  return toJobJson(await requireJob(await getDb(), cycleId, type, jobId));
}

/** One job and a page of its row errors (by row number). */
export async function getJobDetail(
  cycleId: number | null,
  type: JobType,
  jobId: number,
  query: PageQuery,
): Promise<{ job: JobJson; row_errors: JobRowErrorJson[]; row_errors_total: number; page: number; page_size: number }> {
  const db = await getDb();
  const job = await requireJob(db, cycleId, type, jobId);
  const [errors, total] = await Promise.all([
    db.jobRowError.findMany({
      where: { jobId },
      orderBy: [{ rowNumber: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db.jobRowError.count({ where: { jobId } }),
  ]);
  return {
    job: toJobJson(job),
    row_errors: errors.map((e) => ({ row_number: e.rowNumber, column: e.column, message: e.message, message_key: storedMessage(e.message, e.messageCode) })),
    row_errors_total: total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The job's output file as a streamed download (404 until the job has succeeded). */
export async function jobOutputResponse(cycleId: number | null, type: JobType, jobId: number): Promise<Response> {
  const db = await getDb();
  const job = await requireJob(db, cycleId, type, jobId);
  const def = jobTypeDef(type);
  if (!def.output) throw notFound("This job has no file");
  if (job.status !== "SUCCEEDED") throw notFound(`Job ${jobId} has not finished yet (${job.status.toLowerCase()})`);
  const file = await db.jobFile.findUnique({ where: { jobId_kind: { jobId, kind: OUTPUT_FILE } }, select: { name: true, contentType: true } });
  const size = await jobFileSize(db, jobId, OUTPUT_FILE);
  if (!file || size === null) throw notFound(`Job ${jobId} has no file`);
  const stream = Readable.toWeb(jobFileStream(db, jobId, OUTPUT_FILE)) as ReadableStream<Uint8Array>;
  const csv = isCsvType(file.contentType);
  const body = csv ? withCsvBom(stream) : stream;
  const ascii = file.name.replace(/[^\w.-]/g, "_");
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(size + (csv ? 3 : 0)),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
