import { getDb, type Tx } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { canChangeNomination, NOMINATION_STAGES, nominationBlocker, parseNominationStatus, type NominationInput } from "~/features/manager-review/rules";
import { badRequest, conflict, notFound } from "~/platform/api.server";
import { recordAudit } from "~/platform/audit.server";
import { assertNotSpoofing, type CurrentUser } from "~/platform/auth.server";
import { assertStage, requireCycle, requireDirectReport } from "~/features/cycles/context.server";
import { cycleRef, reportPerson, requireCycleForWrite, type Client } from "~/features/manager-review/model.server";
import type { CycleRef, NominationJson, ReportPersonJson } from "~/features/manager-review/types";
import { decisionText, parseStoredDecision } from "~/features/participants/rules";
import { isReportOpen } from "~/features/summaries/visibility";
import { cancelEndorsements } from "~/features/promotions/endorsement-workflow.server";

/**
 * Promotion nominations of the manager's direct reports (docs/decisions/0022-manager-feedback-and-nominations.md):
 * list, read, nominate (or update the rationale) and withdraw; the JSON of a nomination row is shared with
 * the direct reports list (service.server.ts).
 */

// ---------------------------------------------------------------------------------------------
// Promotion nominations (JSON)

export const nominationInclude = {
  nominatedBy: { select: { email: true, name: true } },
  participant: { select: { user: { select: { email: true, name: true } } } },
} satisfies Prisma.PromotionNominationInclude;
type NominationRow = Prisma.PromotionNominationGetPayload<{ include: typeof nominationInclude }>;

export function toNominationJson(row: NominationRow): NominationJson {
  return {
    participant_email: row.participant.user.email,
    participant_name: row.participant.user.name,
    // A status this module did not write is shown as withdrawn rather than as an active nomination.
    status: parseNominationStatus(row.status) ?? "withdrawn",
    rationale: row.rationale,
    nominated_by: row.nominatedBy ? { email: row.nominatedBy.email, name: row.nominatedBy.name } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function nominationAudit(row: NominationRow) {
  return {
    participant_email: row.participant.user.email,
    status: row.status,
    rationale: row.rationale,
    nominated_by: row.nominatedBy?.email ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Promotion nominations: GET / POST cycles/{cycle_id}/promotion_nominations, GET / DELETE .../{email}

export type NominationsJson = { cycle: CycleRef; can_change: boolean; promotion_nominations: NominationJson[] };

/** Nominations of the caller's direct reports in the cycle (active and withdrawn), by name. */
export async function listNominations(userId: number, cycleId: number, client?: Client): Promise<NominationsJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const rows = await db.promotionNomination.findMany({ where: { participant: { cycleId, managerId: userId } }, include: nominationInclude });
  const list = rows
    .map(toNominationJson)
    .sort((a, b) => a.participant_name.localeCompare(b.participant_name) || a.participant_email.localeCompare(b.participant_email));
  return { cycle: cycleRef(cycle), can_change: canChangeNomination(cycle.stage), promotion_nominations: list };
}

export type NominationDetailJson = {
  cycle: CycleRef;
  participant: ReportPersonJson;
  promotion_nomination: NominationJson | null;
  /** Whether nominating/withdrawing is possible now (stage) … */
  can_change: boolean;
  /** … and, if not possible for this person at all, why (reviewer-only). */
  blocked_reason: string | null;
  /** The signed-off promotion decision, once the report is open (communication stage); null before. */
  promotion_decision: { value: string; label: string } | null;
};

/** A direct report's nomination (null when never nominated). */
export async function getNomination(userId: number, cycleId: number, email: string, client?: Client): Promise<NominationDetailJson> {
  const db = client ?? (await getDb());
  const cycle = await requireCycle(db, cycleId);
  const report = await requireDirectReport(db, cycleId, userId, email);
  const row = await db.promotionNomination.findUnique({ where: { participantId: report.id }, include: nominationInclude });
  return {
    cycle: cycleRef(cycle),
    participant: reportPerson(report),
    promotion_nomination: row ? toNominationJson(row) : null,
    can_change: canChangeNomination(cycle.stage),
    blocked_reason: nominationBlocker({ reviewerOnly: report.reviewerOnly, email: report.user.email }),
    promotion_decision: decisionOf(cycle.stage, report.promotionDecision),
  };
}

function decisionOf(stage: Parameters<typeof isReportOpen>[0], stored: string | null) {
  const d = isReportOpen(stage) ? parseStoredDecision(stored) : null;
  return d ? { value: d, label: decisionText(d) } : null;
}

/**
 * Nominate a direct report for promotion with a rationale (or re-nominate after a withdrawal, or update
 * the rationale of an active nomination). `created` is true when the person was not nominated before.
 * SPU feedback and manager feedback stages only (409); reviewer-only participants cannot be nominated (400).
 */
export async function nominateForPromotion(
  current: CurrentUser,
  cycleId: number,
  input: NominationInput,
): Promise<{ nomination: NominationJson; created: boolean }> {
  assertNotSpoofing(current);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const cycle = await requireCycleForWrite(tx, cycleId);
    const report = await requireDirectReport(tx, cycleId, current.user.id, input.email);
    assertStage(cycle, NOMINATION_STAGES, "Nominating for promotion");
    await lockNomination(tx, report.id);
    const blocker = nominationBlocker({ reviewerOnly: report.reviewerOnly, email: report.user.email });
    if (blocker) throw badRequest(blocker);
    const existing = await tx.promotionNomination.findUnique({ where: { participantId: report.id }, include: nominationInclude });
    const created = !existing || existing.status !== "nominated";
    const saved = await tx.promotionNomination.upsert({
      where: { participantId: report.id },
      create: { participantId: report.id, status: "nominated", nominatedById: current.user.id, rationale: input.rationale },
      update: { status: "nominated", nominatedById: current.user.id, rationale: input.rationale },
      include: nominationInclude,
    });
    await recordAudit(tx, current.actor, {
      action: created ? "promotion_nomination.nominate" : "promotion_nomination.update",
      entityType: "PromotionNomination",
      entityId: saved.id,
      before: existing ? nominationAudit(existing) : null,
      after: nominationAudit(saved),
    });
    return { nomination: toNominationJson(saved), created };
  });
}

/** Concurrent changes of one person's nomination run one after the other. */
async function lockNomination(tx: Tx, participantId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "PromotionNomination" WHERE "participantId" = ${participantId} FOR UPDATE`;
}

/** Withdraw an active nomination (kept as 'withdrawn'); 404 none, 409 already withdrawn or wrong stage. */
export async function withdrawNomination(current: CurrentUser, cycleId: number, email: string): Promise<NominationJson> {
  assertNotSpoofing(current);
  const db = await getDb();
  const { json, open } = await db.$transaction(async (tx) => {
    const cycle = await requireCycleForWrite(tx, cycleId);
    const report = await requireDirectReport(tx, cycleId, current.user.id, email);
    assertStage(cycle, NOMINATION_STAGES, "Withdrawing a promotion nomination");
    await lockNomination(tx, report.id);
    const existing = await tx.promotionNomination.findUnique({ where: { participantId: report.id }, include: nominationInclude });
    if (!existing) throw notFound(`${report.user.email} has not been nominated for promotion`);
    if (existing.status !== "nominated") throw conflict(`The nomination of ${report.user.email} is already withdrawn`);
    const saved = await tx.promotionNomination.update({ where: { id: existing.id }, data: { status: "withdrawn" }, include: nominationInclude });
    await recordAudit(tx, current.actor, {
      action: "promotion_nomination.withdraw",
      entityType: "PromotionNomination",
      entityId: saved.id,
      before: nominationAudit(existing),
      after: nominationAudit(saved),
    });
    const open = await tx.endorsement.findMany({ where: { nominationId: saved.id, status: { in: ["requested", "accepted"] } }, select: { id: true } });
    return { json: toNominationJson(saved), open: open.map((e) => e.id) };
  });
  // Its endorsement requests end with it (through their workflows, ADR 0028).
  if (open.length) await cancelEndorsements(current.actor, open, "The nomination was withdrawn");
  return json;
}
