import { ApplicationFailure } from "@temporalio/common";
import { getDb } from "~/platform/db.server";
import { recordAudit } from "~/platform/audit.server";
import { deliver } from "~/features/shell/notifications/deliver.server";
import { endorsementMailText } from "~/features/promotions/endorsement-mail";
import { endorsementAudit } from "~/features/promotions/model.server";
import { isEndorsementOpen, parseEndorsementStatus } from "~/features/promotions/rules";
import {
  ENDORSEMENT_FAILURE,
  type ApplyEndorsementInput,
  type ApplyEndorsementResult,
  type NotifyEndorsementInput,
  type NotifyEndorsementResult,
} from "../../workflows/endorsement-contract";

/**
 * Activities of the endorsement workflow (workflows/endorsement.ts): the only code that writes
 * Endorsement.status. Each write is conditional on the status the workflow expects, is one transaction
 * with its audit record (and the session's version bump, so open pages refresh), and is idempotent
 * when Temporal retries it.
 */

export const ENDORSEMENT_NOTIFICATION_KIND = "endorsement_request";

export async function applyEndorsementEvent(input: ApplyEndorsementInput): Promise<ApplyEndorsementResult> {
  const { endorsementId, event, from, actor } = input;
  let to = input.to;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const before = await tx.endorsement.findUnique({
      where: { id: endorsementId },
      include: { session: { select: { state: true } }, nomination: { select: { status: true } } },
    });
    if (!before) throw ApplicationFailure.nonRetryable(`Endorsement request ${endorsementId} not found`, ENDORSEMENT_FAILURE.notFound);
    const dbStatus = parseEndorsementStatus(before.status);
    // Expiring a request whose nomination left the process (withdrawn, or its session closed) cancels it instead.
    const moot = before.session?.state === "closed" || before.nomination.status !== "nominated";
    if (event === "expire" && moot) to = "cancelled";
    const now = new Date();
    const data =
      event === "accept"
        ? { status: to, respondedAt: now }
        : event === "reject"
          ? { status: to, respondedAt: now, rejectReason: input.reason || null }
          : event === "endorse"
            ? { status: to, endorsedAt: now, body: input.body ?? null, outcome: input.outcome ?? null }
            : { status: to };
    const res = await tx.endorsement.updateMany({ where: { id: endorsementId, status: from }, data });
    if (res.count !== 1) {
      if (dbStatus === to) return { endorsementId, status: to, alreadyApplied: true };
      // The row already ended otherwise (e.g. cancelled by a rollback): an expiry or a cancel adopts that end.
      if ((event === "expire" || event === "cancel") && !isEndorsementOpen(dbStatus)) return { endorsementId, status: dbStatus, alreadyApplied: true };
      throw ApplicationFailure.nonRetryable(
        `Endorsement request ${endorsementId} is '${before.status}' in the database but the workflow expected '${from}'`,
        ENDORSEMENT_FAILURE.stateMismatch,
      );
    }
    const after = await tx.endorsement.findUniqueOrThrow({ where: { id: endorsementId } });
    await recordAudit(tx, actor, {
      action: `endorsement.${to === "cancelled" ? "cancel" : event}`,
      entityType: "Endorsement",
      entityId: endorsementId,
      before: endorsementAudit(before),
      after: { ...endorsementAudit(after), ...(event === "cancel" && input.reason ? { reason: input.reason } : {}) },
    });
    if (after.sessionId) await tx.calibrationSession.update({ where: { id: after.sessionId }, data: { version: { increment: 1 } } });
    return { endorsementId, status: to, alreadyApplied: false };
  });
}

export async function notifyEndorsement(input: NotifyEndorsementInput): Promise<NotifyEndorsementResult> {
  const db = await getDb();
  const row = await db.endorsement.findUnique({
    where: { id: input.endorsementId },
    include: {
      endorser: true,
      session: { include: { createdBy: true, members: { where: { role: "ADMIN" }, include: { user: true } } } },
      // (the nomination's status: a withdrawn one gets no reminder)
      nomination: { include: { participant: { include: { user: true, cycle: { select: { id: true, name: true } } } } } },
    },
  });
  if (!row) return { notified: 0, emailed: 0 };
  const status = parseEndorsementStatus(row.status);
  const nominee = row.nomination.participant.user.name;
  const cycle = row.nomination.participant.cycle;
  // A request answered (or cancelled) meanwhile gets no reminder; the expiry notice only once it has expired.
  if (input.kind !== "expired" && status !== "requested" && status !== "accepted") return { notified: 0, emailed: 0 };
  if (input.kind === "expired" && status !== "expired") return { notified: 0, emailed: 0 };
  if (input.kind !== "expired" && (row.session?.state === "closed" || row.nomination.status !== "nominated")) return { notified: 0, emailed: 0 };
  // The request's creation (reset when it is asked again) and deadline: a renewed request is announced again.
  const round = `${row.createdAt.toISOString()}:${row.deadline?.toISOString() ?? "none"}`;
  const key = (userId: number) => `endorsement:${row.id}:${round}:${input.kind}:${userId}`;
  const audit = { action: `endorsement.notify_${input.kind}`, after: { endorsement_id: row.id, kind: input.kind } };

  const recipients =
    input.kind === "expired"
      ? (() => {
          const admins = row.session?.members.map((m) => m.user) ?? [];
          return admins.length ? admins : row.session?.createdBy ? [row.session.createdBy] : [];
        })()
      : [row.endorser];
  // In each recipient's language, the deadline in their zone with the zone named (issue 28, ADR 0077).
  const text = endorsementMailText(input.kind, { nominee, cycle: cycle.name, endorser: row.endorser.name, deadline: row.deadline });
  const message =
    input.kind === "expired"
      ? {
          text,
          link: row.sessionId ? `/app/promotions/hr-partners/sessions/${row.sessionId}?cycle_id=${cycle.id}` : `/app/promotions/hr-partners/nominations?cycle_id=${cycle.id}`,
        }
      : { text, link: `/app/promotions/endorsements/${row.id}/endorse` };
  let notified = 0;
  let emailed = 0;
  for (const user of recipients) {
    const res = await deliver(user, { kind: ENDORSEMENT_NOTIFICATION_KIND, ...message, dedupeKey: key(user.id) }, { ...audit, after: { ...audit.after, user_id: user.id } });
    if (res.notified) notified++;
    if (res.emailed) emailed++;
  }
  return { notified, emailed };
}
