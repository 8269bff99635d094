import { Readable } from "node:stream";
import type { Job, JobType } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { ApiError, conflict, notFound } from "~/platform/api.server";
import type { Actor } from "~/platform/audit.server";
import { jobFileSize, jobFileStream, OUTPUT_FILE } from "~/features/jobs/files.server";
import { createJob } from "~/features/jobs/service.server";
import { jobTypeDef } from "~/features/jobs/job-types.server";
import { assertErasable } from "~/features/privacy/erase.server";
import type { PrivacyPanelData } from "~/features/privacy/rules";
import type { PERSON_JOB_KEYS } from "~/features/privacy/contract.server";
import { storedMessage } from "~/platform/i18n/stored-text";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { pageMessage } from "~/platform/i18n/page-message";

/**
 * A person's data jobs for the API and the admin user page (ADR 0053): start an export or an erasure (company-wide
 * jobs of the bulk job engine with `subjectUserId`), list and read them, serve the export's ZIP.
 */

export type PersonJobType = Extract<JobType, "EXPORT_PERSON" | "ERASE_PERSON">;

const TYPE_INFO: Record<PersonJobType, { key: (typeof PERSON_JOB_KEYS)[number]; label: string; collection: string }> = {
  EXPORT_PERSON: { key: "export_person", label: "Personal data export", collection: "data_export_jobs" },
  ERASE_PERSON: { key: "erase_person", label: "Personal data erasure", collection: "erasure_jobs" },
};

const include = {
  createdBy: { select: { id: true, email: true, name: true } },
  files: { where: { kind: OUTPUT_FILE }, select: { id: true } },
} as const;
type JobRow = Job & { createdBy: { id: number; email: string; name: string } | null; files: Array<{ id: number }> };

/** A job's page of the bulk job engine (company-wide: /app/admin/{pagePath}/{jobId}). */
const jobPage = (type: PersonJobType, jobId: number) => `/app/admin/${jobTypeDef(type).pagePath}/${jobId}`;

export const personJobsPath = (userId: number, type: PersonJobType) => `/api/v1/admin/users/${userId}/${TYPE_INFO[type].collection}`;

export function toPersonJobJson(job: JobRow) {
  const type = job.type as PersonJobType;
  const info = TYPE_INFO[type];
  // An erasure deletes the person's exports: a succeeded export whose file is gone has nothing to download.
  const hasFile = type === "EXPORT_PERSON" && job.status === "SUCCEEDED" && job.subjectUserId !== null && job.files.length > 0;
  return {
    id: job.id,
    type: info.key,
    type_label: info.label,
    subject_user_id: job.subjectUserId,
    status: job.status.toLowerCase() as "pending" | "running" | "succeeded" | "failed",
    workflow_id: job.workflowId,
    file_name: job.fileName,
    message: job.message,
    created_by: job.createdBy,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    output_file_url: hasFile ? `${personJobsPath(job.subjectUserId!, type)}/${job.id}/file` : null,
  };
}
export type PersonJobJson = ReturnType<typeof toPersonJobJson>;

async function requireUser(userId: number) {
  const user = await (await getDb()).user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, active: true, erasedAt: true } });
  if (!user) throw new ApiError(404, "not_found", "User not found", refusalDetails(pageMessage("users.refusal.notFound")));
  return user;
}

export async function listPersonJobs(userId: number, type: PersonJobType, query: { page: number; page_size: number }) {
  await requireUser(userId);
  const db = await getDb();
  const where = { subjectUserId: userId, type };
  const [rows, total] = await Promise.all([
    db.job.findMany({ where, include, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.page_size, take: query.page_size }),
    db.job.count({ where }),
  ]);
  return { jobs: rows.map(toPersonJobJson), total };
}

async function requireJob(userId: number, type: PersonJobType, jobId: number): Promise<JobRow> {
  await requireUser(userId);
  const job = await (await getDb()).job.findFirst({ where: { id: jobId, subjectUserId: userId, type }, include });
  if (!job) throw notFound(`Job ${jobId} not found`);
  return job;
}

export async function getPersonJob(userId: number, type: PersonJobType, jobId: number) {
  return { job: toPersonJobJson(await requireJob(userId, type, jobId)) };
}

/** The export's ZIP, streamed (404 until the job has succeeded, and after an erasure removed it). */
export async function personExportFileResponse(userId: number, jobId: number): Promise<Response> {
  const job = await requireJob(userId, "EXPORT_PERSON", jobId);
  if (job.status !== "SUCCEEDED") throw notFound(`Job ${jobId} has not finished yet (${job.status.toLowerCase()})`);
  const db = await getDb();
  const file = await db.jobFile.findUnique({ where: { jobId_kind: { jobId, kind: OUTPUT_FILE } }, select: { name: true, contentType: true } });
  const size = await jobFileSize(db, jobId, OUTPUT_FILE);
  if (!file || size === null) throw notFound(`Job ${jobId} has no file`);
  const body = Readable.toWeb(jobFileStream(db, jobId, OUTPUT_FILE)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

async function assertNoJobUnderWay(userId: number, type: PersonJobType) {
  const running = await (await getDb()).job.findFirst({ where: { subjectUserId: userId, type, status: { in: ["PENDING", "RUNNING"] } }, select: { id: true } });
  if (running) {
    const key = pageMessage("privacy.result.stillRunning", { id: running.id });
    throw conflict(`Job ${running.id} for this person is still running`, refusalDetails(key, { job_id: running.id }));
  }
}

/** Start an export of everything held about the person (404 unknown user; 409 while an erasure is under way). */
export async function startDataExport(actor: Actor, userId: number): Promise<PersonJobJson> {
  const user = await requireUser(userId);
  await assertNoJobUnderWay(userId, "ERASE_PERSON");
  return startPersonJob(actor, user.id, "EXPORT_PERSON");
}

/** Start the erasure of a deactivated person, confirmed by their email (400 mismatch, 404, 409 active/erased/under way). */
export async function startErasure(actor: Actor, userId: number, confirmEmail: string): Promise<PersonJobJson> {
  await assertErasable(await getDb(), userId, confirmEmail);
  await assertNoJobUnderWay(userId, "ERASE_PERSON");
  return startPersonJob(actor, userId, "ERASE_PERSON");
}

async function startPersonJob(actor: Actor, userId: number, type: PersonJobType): Promise<PersonJobJson> {
  const created = await createJob(actor, { type, subjectUserId: userId });
  const job = await (await getDb()).job.findUnique({ where: { id: created.id }, include });
  if (!job) throw new ApiError(500, "internal_error", "The job was not stored");
  return toPersonJobJson(job);
}

/** The admin user page's "Personal data" card. */
export async function privacyPanelData(userId: number): Promise<PrivacyPanelData> {
  const user = await requireUser(userId);
  const db = await getDb();
  const jobs = await db.job.findMany({
    where: { subjectUserId: userId, type: { in: ["EXPORT_PERSON", "ERASE_PERSON"] } },
    include,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 10,
  });
  const json = jobs.map((j) => ({ row: j, json: toPersonJobJson(j) }));
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    active: user.active,
    erasedAt: user.erasedAt?.toISOString() ?? null,
    exports: json
      .filter((j) => j.row.type === "EXPORT_PERSON")
      .map(({ json: j }) => ({ id: j.id, status: j.status, createdAt: j.created_at, fileUrl: j.output_file_url, pageUrl: jobPage("EXPORT_PERSON", j.id) })),
    erasures: json
      .filter((j) => j.row.type === "ERASE_PERSON")
      .map(({ row, json: j }) => ({ id: j.id, status: j.status, createdAt: j.created_at, message: j.message, messageKey: storedMessage(row.message, row.messageCode), pageUrl: jobPage("ERASE_PERSON", j.id) })),
  };
}
