import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Actor } from "~/platform/audit.server";
import { beginJob, finishJob, runJobStep } from "../../worker/activities/jobs";

/**
 * A CSV job run by its activities, without a workflow: each step twice (a lost reply: Temporal runs it again; the
 * second run finds its range claimed and writes nothing, and answers the same), then the finish. Returns the finish's
 * answer ({ status }).
 */
export async function runJobActivitiesToEnd(jobId: number, actor: Actor, chunkRows: number) {
  const input = { jobId, actor, chunkRows };
  let step = (await beginJob(input)).next;
  while (step) {
    const result = await runJobStep({ ...input, step });
    expect(await runJobStep({ ...input, step })).toEqual(result);
    step = result.next;
  }
  return finishJob(input);
}

/** A directory import job over these CSV lines (its input file stored), not started. */
export async function directoryImportJob(lines: string[], createdById: number, errorMode: "ALL_OR_NOTHING" | "VALID_ONLY" = "VALID_ONLY"): Promise<number> {
  const db = await getDb();
  const job = await db.job.create({ data: { type: "IMPORT_DIRECTORY", errorMode, workflowId: `job-direct-${randomUUID()}`, createdById } });
  const content = new TextEncoder().encode(lines.join("\n") + "\n") as Uint8Array<ArrayBuffer>;
  await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: "people.csv", contentType: "text/csv", content } });
  return job.id;
}
