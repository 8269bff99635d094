import type { Prisma } from "~/generated/prisma/client.ts";
import { assertSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { stateOf } from "~/features/calibration/model.server";
import { parseStoredDecision } from "~/features/participants/rules";
import { parseEndorsementStatus } from "~/features/promotions/rules";
import { cycleJobHandler, type JobHandler } from "~/features/jobs/runner.server";
import { assembleCsv, nextPart, writeCsvPart } from "~/features/jobs/types/csv-parts.server";
import { createJob, type CreateJobOptions } from "~/features/jobs/service.server";
import { jobTypeDef } from "~/features/jobs/job-types.server";
import { keysetCursor, PHASE_TEXT } from "~/features/jobs/types/participants/common.server";
import type { JobJson } from "~/features/jobs/rules";
import type { StepResult } from "../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/**
 * Download of a cycle's promotion nominations as CSV (`download_nomination_jobs`, issue 14): one row per
 * endorsement request, and one row for a nomination without any, with the nominee, the nomination, its
 * promotion session, the request (status, outcome and the written endorsement) and the decisions. The
 * endorsements' text is in it, so the job and its file are for super admins only (ADR 0028). Written
 * like the participants download: one part per chunk of nominations, assembled in the database at the end.
 */

export const NOMINATION_DOWNLOAD_COLUMNS = [
  "nominee_email",
  "nominee_name",
  "department",
  "level",
  "manager_email",
  "nominated_by_email",
  "nomination_status",
  "rationale",
  "session_id",
  "session_name",
  "session_state",
  "endorser_email",
  "endorsement_status",
  "endorsement_outcome",
  "endorsement",
  "decision",
  "promotion_decision",
] as const;


const nominationInclude = {
  nominatedBy: { select: { email: true } },
  participant: {
    select: {
      promotionDecision: true,
      user: { select: { email: true, name: true, department: true, level: true } },
      manager: { select: { email: true } },
      calibrations: { where: { kind: "PROMOTION" }, select: { decision: true, session: { select: { id: true, name: true, state: true } } } },
    },
  },
  endorsements: { include: { endorser: { select: { email: true } } }, orderBy: { id: "asc" } },
} satisfies Prisma.PromotionNominationInclude;
type NominationRow = Prisma.PromotionNominationGetPayload<{ include: typeof nominationInclude }>;

/** The CSV rows of one nomination: one per endorsement request, or one without any. */
export function nominationRecords(n: NominationRow): string[][] {
  const p = n.participant;
  const sp = p.calibrations[0];
  const head = [
    p.user.email,
    p.user.name,
    p.user.department ?? "",
    p.user.level ?? "",
    p.manager?.email ?? "",
    n.nominatedBy?.email ?? "",
    n.status === "nominated" ? "nominated" : "withdrawn",
    n.rationale ?? "",
    sp ? String(sp.session.id) : "",
    sp?.session.name ?? "",
    sp ? stateOf(sp.session) : "",
  ];
  const tail = [parseStoredDecision(sp?.decision) ?? "", parseStoredDecision(p.promotionDecision) ?? ""];
  if (!n.endorsements.length) return [[...head, "", "", "", "", ...tail]];
  return n.endorsements.map((e) => {
    const outcome = e.outcome === "endorsed" || e.outcome === "not_endorsed" ? e.outcome : "";
    return [...head, e.endorser.email, parseEndorsementStatus(e.status), outcome, e.body ?? "", ...tail];
  });
}

export const nominationsDownloadHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const cycle = { participant: { cycleId: ctx.job.cycleId } };
    const [requests, bare] = await Promise.all([
      ctx.db.endorsement.count({ where: { nomination: cycle } }),
      ctx.db.promotionNomination.count({ where: { ...cycle, endorsements: { none: {} } } }),
    ]);
    return { totalRows: requests + bare, phase: PHASE_TEXT.writing, first: { phase: "export", cursor: { row: 0, afterId: 0, part: 0 } } };
  },

  async step(ctx, step): Promise<StepResult> {
    const cursor = keysetCursor(step.cursor);
    const part = cursor.part ?? 0;
    const nominations = await ctx.db.promotionNomination.findMany({
      where: { participant: { cycleId: ctx.job.cycleId }, id: { gt: cursor.afterId } },
      include: nominationInclude,
      orderBy: { id: "asc" },
      take: ctx.chunkRows,
    });
    const records = nominations.flatMap(nominationRecords);
    // Free text (rationales, endorsements) starting with = + - @ would run as a spreadsheet formula: escaped.
    await writeCsvPart(ctx, { part, fromRow: cursor.row, columns: NOMINATION_DOWNLOAD_COLUMNS, records });
    return { next: nextPart(ctx, nominations, cursor.row, records.length, part) };
  },

  async finish(ctx) {
    return assembleCsv(ctx, jobTypeDef("DOWNLOAD_NOMINATIONS").output!.fileName(ctx.job), storedText("storedTexts.jobs.rowsWritten", { written: ctx.job.processedRows }));
  },
});

export const nominationJobHandlers = { DOWNLOAD_NOMINATIONS: nominationsDownloadHandler } satisfies Record<string, JobHandler>;

/** Start a nominations download of the cycle (super admin; 404 unknown cycle; 503 without Temporal): for the API and pages. */
export async function startNominationDownload(current: CurrentUser, cycleId: number, opts: CreateJobOptions = {}): Promise<JobJson> {
  assertSuperAdmin(current);
  return createJob(current.actor, { cycleId, type: "DOWNLOAD_NOMINATIONS" }, opts);
}
