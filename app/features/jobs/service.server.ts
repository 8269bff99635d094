import { isWorkflowGone } from "~/platform/workflow-calls.server";
import { getDb } from "~/platform/db.server";
import type { Job, JobType, Prisma } from "~/generated/prisma/client.ts";
import { ApiError, badRequest, cycleNotFound, unprocessable } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { INPUT_FILE, PARAMS_FILE } from "~/features/jobs/files.server";
import { auditJob, jobMessageData } from "~/features/jobs/runner.server";
import { JOB_TYPES, jobCycleIdFor, jobInclude, jobTypeDef, toJobJson } from "~/features/jobs/job-types.server";
import type { ErrorModeValue, JobJson, UploadedFile } from "~/features/jobs/rules";
import { getTemporalClient, temporalSettings } from "~/platform/temporal.server";
import { BULK_JOB_WORKFLOW, type BulkJobInput, type BulkJobWorkflow } from "../../../workflows/bulk-job-contract";
import { CycleIdKey, JobTypeKey } from "../../../workflows/search-attributes-contract";
import { storedText } from "~/platform/i18n/stored-text.server";
import { withNotice } from "~/platform/refusal-notice.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { ERROR_MODE_REFUSAL_KEYS } from "~/features/jobs/messages";

/**
 * Bulk jobs (ADR 0015): each job is a Job row plus a Temporal workflow `job-<jobId>` (search
 * attributes JobType, and CycleId for a job of a cycle) that does the work in chunks through the job type's handler.
 * A job belongs to a cycle or, for a company-wide type (JobTypeDef.scope "company"), to none.
 * This module creates a job (file stored in the database, row, audit, workflow start) and restarts
 * the workflows of unfinished jobs. The job types are in job-types.server.ts, the upload form in
 * upload.server.ts, list/detail/output in queries.server.ts, the shared types in rules.ts.
 *
 * To add a job type: describe it in JOB_TYPES (app/features/jobs/job-types.server.ts), then see the steps in
 * app/features/jobs/runner.server.ts ("HOW TO ADD A JOB TYPE").
 */

// ---------------------------------------------------------------------------------------------
// Create and start

export type CreateJobInput = {
  /** The job's cycle: required for a cycle job type, absent (or null) for a company-wide one. */
  cycleId?: number | null;
  type: JobType;
  /** The person a company-wide job is about (a person's export or erasure): Job.subjectUserId. */
  subjectUserId?: number | null;
  /** What the job is asked for beyond its file, stored in Job.params (the handler reads ctx.job.params). */
  jobParams?: Prisma.InputJsonObject;
  errorMode?: ErrorModeValue;
  file?: UploadedFile | null;
  /** Parameters of the job (e.g. a report's metric), stored as its `params` file; the handler reads them with readJobParams. */
  params?: Record<string, string>;
};

/** For tests and benchmarks: a task queue other than the app's, and the rows per step. */
export type CreateJobOptions = { taskQueue?: string; chunkRows?: number };

function unavailable(message: string) {
  return new ApiError(503, "service_unavailable", message);
}

function startArgs(job: Pick<Job, "id" | "cycleId" | "type" | "workflowId">, actor: Actor, opts: CreateJobOptions) {
  const def = jobTypeDef(job.type);
  const chunkRows = opts.chunkRows ?? def.chunkRows;
  const input: BulkJobInput = { jobId: job.id, type: def.key, actor, ...(chunkRows ? { chunkRows } : {}) };
  return {
    workflowId: job.workflowId,
    taskQueue: opts.taskQueue ?? temporalSettings().taskQueue,
    args: [input] as [BulkJobInput],
    // A company-wide job has no CycleId attribute.
    typedSearchAttributes: [...(job.cycleId === null ? [] : [{ key: CycleIdKey, value: String(job.cycleId) }]), { key: JobTypeKey, value: def.key }],
  };
}

/**
 * Create a job: check the upload (400 before anything is stored), then the Job row, its input file
 * and the job.create audit record in one transaction, then start its workflow. 404 for an unknown
 * cycle (a cycle job type); 503 (and the job marked failed) if Temporal cannot be reached.
 */
export async function createJob(actor: Actor, input: CreateJobInput, opts: CreateJobOptions = {}): Promise<JobJson> {
  const def = jobTypeDef(input.type);
  const cycleId = jobCycleIdFor(input.type, input.cycleId);
  const db = await getDb();
  if (cycleId !== null) {
    const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true } });
    if (!cycle) throw cycleNotFound(cycleId);
  }
  if (def.input === "file") {
    // A file part with nothing in it is well-formed multipart: 422 (ADR 0060, "Statuses of refusals").
    if (!input.file || input.file.bytes.byteLength === 0) {
      throw withNotice(unprocessable("Choose a CSV file to upload", { file: ["A file is required"] }), pageMessage("jobs.failure.chooseFile"));
    }
    await def.checkUpload?.(input.file);
  }
  if (def.errorModes && input.errorMode && !def.errorModes.includes(input.errorMode)) {
    const message = `error_mode must be ${def.errorModes.join(" or ")} for ${def.label.toLowerCase()} jobs`;
    // The same sentence as a key (ADR 0108), the type's own: a type named in English inside a translated sentence would not read.
    const details = { formErrors: [], fieldErrors: { error_mode: [message] } };
    const key = ERROR_MODE_REFUSAL_KEYS[def.key];
    if (!key) throw badRequest(message, details);
    throw withNotice(badRequest(message, refusalDetails(pageMessage(key), details)), pageMessage(key));
  }
  const errorMode = (input.errorMode ?? "all_or_nothing").toUpperCase() as "ALL_OR_NOTHING" | "VALID_ONLY";
  const job = await db.$transaction(
    async (tx) => {
      const [{ id }] = await tx.$queryRaw<Array<{ id: bigint | number }>>`SELECT nextval(pg_get_serial_sequence('"Job"', 'id')) AS id`;
      const jobId = Number(id);
      const created = await tx.job.create({
        data: {
          id: jobId,
          cycleId,
          subjectUserId: input.subjectUserId ?? null,
          ...(input.jobParams ? { params: input.jobParams } : {}),
          type: input.type,
          errorMode,
          workflowId: `job-${jobId}`,
          fileName: def.input === "file" ? input.file!.name : null,
          createdById: actor.userId,
        },
        include: jobInclude,
      });
      if (def.input === "file") {
        await tx.jobFile.create({
          data: { jobId, kind: INPUT_FILE, name: input.file!.name, contentType: input.file!.contentType, content: input.file!.bytes },
        });
      }
      if (input.params) {
        const content = Buffer.from(JSON.stringify(input.params), "utf8");
        await tx.jobFile.create({ data: { jobId, kind: PARAMS_FILE, name: "params.json", contentType: "application/json", content } });
      }
      await recordAudit(tx, actor, {
        action: "job.create",
        entityType: "Job",
        entityId: jobId,
        after: {
          job_id: jobId,
          cycle_id: cycleId,
          ...(input.subjectUserId != null ? { subject_user_id: input.subjectUserId } : {}),
          type: def.key,
          error_mode: errorMode.toLowerCase(),
          file_name: created.fileName,
          file_bytes: input.file?.bytes.byteLength ?? null,
          ...(input.params ? { params: input.params } : {}),
          ...(input.jobParams ? { job_params: input.jobParams } : {}),
        },
      });
      return created;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  try {
    const client = await getTemporalClient();
    // A workflow with this id can only be left over from another database: replace it.
    await client.workflow.start<BulkJobWorkflow>(BULK_JOB_WORKFLOW, { ...startArgs(job, actor, opts), workflowIdConflictPolicy: "TERMINATE_EXISTING" });
  } catch (err) {
    console.error(`Job ${job.id}: could not start its workflow`, err);
    await db.$transaction(async (tx) => {
      const res = await tx.job.updateMany({
        where: { id: job.id, status: "PENDING" },
        data: { status: "FAILED", ...jobMessageData(storedText("storedTexts.jobs.workflowUnavailable")), finishedAt: new Date() },
      });
      if (res.count === 1) await auditJob(tx, { ...actor, source: "system" }, job, "job.fail", { message: "workflow start failed" });
    });
    throw unavailable("The workflow service is unavailable; the job was not started");
  }
  return toJobJson(job);
}

// ---------------------------------------------------------------------------------------------
// Boot


/**
 * Start the workflow of every unfinished job (PENDING or RUNNING) that has none running, e.g. after
 * the Temporal store was reset or a start failed half-way. Idempotent; call at boot. The job's
 * progress in the database decides where the restarted workflow picks up.
 */
export async function ensureJobWorkflows(): Promise<{ started: number[] }> {
  const db = await getDb();
  const client = await getTemporalClient();
  const started: number[] = [];
  const jobs = await db.job.findMany({ where: { status: { in: ["PENDING", "RUNNING"] } }, orderBy: { id: "asc" } });
  for (const job of jobs) {
    if (!JOB_TYPES[job.type]) continue;
    try {
      const desc = await client.workflow.getHandle(job.workflowId).describe();
      if (desc.status.name === "RUNNING") continue;
    } catch (err) {
      if (!isWorkflowGone(err)) throw err;
    }
    const actor: Actor = { userId: job.createdById, realUserId: job.createdById, source: "system" };
    await client.workflow.start<BulkJobWorkflow>(BULK_JOB_WORKFLOW, { ...startArgs(job, actor, {}), workflowIdConflictPolicy: "USE_EXISTING" });
    started.push(job.id);
  }
  return { started };
}
