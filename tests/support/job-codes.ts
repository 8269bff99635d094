import { randomUUID } from "node:crypto";
import { createInstance, type TFunction } from "i18next";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import i18nConfig from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";
import type { JobType } from "~/generated/prisma/client.ts";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";
import { createTestUser } from "./api";

/**
 * What the tests of jobs' coded messages share (job-row-error-codes*.test.ts; ADR 0100, 0107): a super admin as the
 * jobs' actor and a reader in Simplified Chinese (the server's own i18n set-up), a cycle of their own, a job over a
 * CSV file (stored, not started) and its run through the job activities as its workflow runs them.
 */

export type CodesWorld = { actor: Actor; adminId: number; zh: TFunction };

export async function codesWorld(): Promise<CodesWorld> {
  const admin = await createTestUser({ role: "SUPER_ADMIN" });
  const instance = createInstance();
  await instance.init({ ...i18nConfig, resources: serverResources, lng: "zh-CN" });
  return { actor: { userId: admin.id, realUserId: admin.id, source: "api" }, adminId: admin.id, zh: instance.t };
}

/** A cycle (in draft) named `label` and a random suffix. */
export async function newTestCycle(label: string): Promise<number> {
  const db = await getDb();
  return (await db.cycle.create({ data: { name: `${label} ${randomUUID().slice(0, 6)}`, workflowId: `test-cycle-${randomUUID()}` } })).id;
}

/** A job of `type` over `csv` (its input file stored as `fileName`), not started. */
export async function directCsvJob(input: {
  cycleId: number | null;
  type: JobType;
  csv: string;
  errorMode: "VALID_ONLY" | "ALL_OR_NOTHING";
  createdById?: number;
  fileName?: string;
}) {
  const db = await getDb();
  const job = await db.job.create({ data: { cycleId: input.cycleId, type: input.type, errorMode: input.errorMode, createdById: input.createdById, workflowId: `job-direct-${randomUUID()}` } });
  await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: input.fileName ?? "people.csv", contentType: "text/csv", content: new TextEncoder().encode(input.csv) } });
  return job;
}

/** The job run to its end the way the workflow runs it: begin, every step once, finish. */
export async function runJobOnce(jobId: number, actor: Actor, chunkRows: number) {
  const input = { jobId, actor, chunkRows };
  let step = (await beginJob(input)).next;
  while (step) step = (await runJobStep({ ...input, step })).next;
  return finishJob(input);
}
