import type { Db, Tx } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";
import { fromDbState, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { FEEDBACK_STAGE_OF, fromDbReviewerType, mandatoryPairs, type ReviewerTypeValue } from "~/features/participants/rules";
import { cycleNotFound } from "~/platform/api.server";

/**
 * Who has work waiting in a cycle's CURRENT stage: the people a nudge reminds (ADR 0019).
 *
 *  - draft, communication: nobody (nothing is asked of anyone).
 *  - start: participants who receive feedback (not reviewer-only) and have no peer or stakeholder
 *    requested or accepted yet (they still have to choose), and reviewers holding peer requests they
 *    have not answered (REQUESTED).
 *  - spu_feedback: reviewers owing self, direct report, matrix manager, matrix team or peer feedback that is not
 *    submitted. What is owed: the mandatory pairs derived from the participant records (the same
 *    rules as the panels and the cycle statistics), accepted peer requests, and any other feedback
 *    row of those types that exists.
 *  - manager_feedback: managers owing manager feedback not submitted yet (the
 *    mandatory pairs plus existing rows of those types).
 *  - calibration: admins of the cycle's calibration sessions (rating and promotion) that are not closed.
 *
 * Only active users are returned, one entry per user (reasons combined), ordered by name then email.
 */

export type PendingRecipient = {
  userId: number;
  email: string;
  name: string;
  /** Why they are reminded, as the notification and email say it. */
  reason: string;
  /** Where in the app the work is. */
  link: string;
};

/** Where each stage's pending work is done. */
export const PENDING_WORK_LINKS: Record<CycleStage, string | null> = {
  draft: null,
  start: "/app/performance/peer-finalization",
  spu_feedback: "/app/performance/spu-feedback",
  manager_feedback: "/app/my-reportees/feedbacks",
  calibration: "/app/session-admin/calibration-sessions",
  communication: null,
};

/** Calibration session state that no longer needs its admin. */
export const CLOSED_SESSION_STATE = "closed";

type Person = { id: number; email: string; name: string; active: boolean };
type Client = Db | Tx;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function collect(entries: Array<{ user: Person; reason: string; link: string }>): PendingRecipient[] {
  const byUser = new Map<number, PendingRecipient>();
  for (const { user, reason, link } of entries) {
    if (!user.active) continue;
    const existing = byUser.get(user.id);
    if (existing) {
      if (!existing.reason.includes(reason)) existing.reason = `${existing.reason}; ${reason}`;
    } else {
      byUser.set(user.id, { userId: user.id, email: user.email, name: user.name, reason, link });
    }
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email) || a.userId - b.userId);
}

const personSelect = { id: true, email: true, name: true, active: true } as const;

async function peopleById(client: Client, ids: Iterable<number>): Promise<Map<number, Person>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await client.user.findMany({ where: { id: { in: list } }, select: personSelect });
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * Feedback owed in a feedback stage, as reviewer user id → number of reviewees still waiting.
 * Owed = mandatory pairs of the stage's reviewer types + accepted peer requests (spu only) + existing
 * rows of those types; done = SUBMITTED (one feedback per reviewee and reviewer, whatever the type).
 */
async function owedFeedback(client: Client, cycleId: number, stage: "spu_feedback" | "manager_feedback"): Promise<Map<number, number>> {
  const [participants, feedbacks, accepted] = await Promise.all([
    client.participant.findMany({
      where: { cycleId },
      select: { id: true, userId: true, managerId: true, secondaryManagerId: true, reviewerOnly: true },
    }),
    client.feedback.findMany({ where: { cycleId }, select: { revieweeId: true, reviewerId: true, reviewerType: true, status: true } }),
    stage === "spu_feedback"
      ? client.peerRequest.findMany({ where: { cycleId, status: "ACCEPTED" }, select: { participantId: true, reviewerId: true } })
      : Promise.resolve([] as Array<{ participantId: number; reviewerId: number }>),
  ]);
  const userOfParticipant = new Map(participants.map((p) => [p.id, p.userId]));
  const inStage = (t: ReviewerTypeValue) => FEEDBACK_STAGE_OF[t] === stage;
  const key = (revieweeUserId: number, reviewerUserId: number) => `${revieweeUserId}:${reviewerUserId}`;

  const owed = new Map<string, number>(); // pair → reviewer user id
  for (const pair of mandatoryPairs(participants)) {
    if (inStage(pair.reviewerType)) owed.set(key(pair.revieweeUserId, pair.reviewerUserId), pair.reviewerUserId);
  }
  for (const r of accepted) {
    const reviewee = userOfParticipant.get(r.participantId);
    if (reviewee !== undefined) owed.set(key(reviewee, r.reviewerId), r.reviewerId);
  }
  const submitted = new Set<string>();
  for (const f of feedbacks) {
    const reviewee = userOfParticipant.get(f.revieweeId);
    if (reviewee === undefined) continue;
    const k = key(reviewee, f.reviewerId);
    if (f.status === "SUBMITTED") submitted.add(k);
    else if (inStage(fromDbReviewerType(f.reviewerType))) owed.set(k, f.reviewerId);
  }
  const counts = new Map<number, number>();
  for (const [k, reviewer] of owed) {
    if (submitted.has(k)) continue;
    counts.set(reviewer, (counts.get(reviewer) ?? 0) + 1);
  }
  return counts;
}

/** The stage's pending work for an already-loaded cycle (the nudge job calls this when it begins). */
export async function pendingWorkFor(client: Client, cycle: { id: number; name: string; state: string }): Promise<PendingRecipient[]> {
  const stage = fromDbState(cycle.state);
  const page = PENDING_WORK_LINKS[stage];
  if (!page) return [];
  // The reminder opens the page on this cycle (pages select their cycle with ?cycle_id=).
  const link = `${page}?cycle_id=${cycle.id}`;

  switch (stage) {
    case "start": {
      const [choosing, requests] = await Promise.all([
        client.participant.findMany({
          where: { cycleId: cycle.id, reviewerOnly: false, peerRequests: { none: { status: { in: ["REQUESTED", "ACCEPTED"] } } } },
          select: { user: { select: personSelect } },
        }),
        client.peerRequest.findMany({ where: { cycleId: cycle.id, status: "REQUESTED" }, select: { reviewer: { select: personSelect } } }),
      ]);
      const unanswered = new Map<number, { user: Person; n: number }>();
      for (const r of requests) {
        const entry = unanswered.get(r.reviewer.id) ?? { user: r.reviewer, n: 0 };
        entry.n++;
        unanswered.set(r.reviewer.id, entry);
      }
      const choose = `Choose your peers and stakeholders for ${cycle.name}`;
      return collect([
        ...choosing.map((p) => ({ user: p.user, reason: choose, link })),
        ...[...unanswered.values()].map(({ user, n }) => ({
          user,
          reason: `Answer ${plural(n, "peer feedback request", "peer feedback requests")} in ${cycle.name}`,
          link,
        })),
      ]);
    }
    case "spu_feedback":
    case "manager_feedback": {
      const counts = await owedFeedback(client, cycle.id, stage);
      const people = await peopleById(client, counts.keys());
      const entries: Array<{ user: Person; reason: string; link: string }> = [];
      for (const [userId, n] of counts) {
        const user = people.get(userId);
        if (!user) continue;
        entries.push({
          user,
          reason:
            stage === "spu_feedback"
              ? `You have ${plural(n, "feedback", "feedbacks")} to complete in ${cycle.name}`
              : `${plural(n, "person is", "people are")} waiting for your manager feedback in ${cycle.name}`,
          link,
        });
      }
      return collect(entries);
    }
    case "calibration": {
      const members = await client.calibrationSessionMember.findMany({
        where: { role: "ADMIN", session: { cycleId: cycle.id, state: { not: CLOSED_SESSION_STATE } } },
        select: { user: { select: personSelect }, session: { select: { name: true } } },
        orderBy: [{ session: { name: "asc" } }, { id: "asc" }],
      });
      const sessions = new Map<number, { user: Person; names: string[] }>();
      for (const m of members) {
        const entry = sessions.get(m.user.id) ?? { user: m.user, names: [] };
        if (!entry.names.includes(m.session.name)) entry.names.push(m.session.name);
        sessions.set(m.user.id, entry);
      }
      return collect(
        [...sessions.values()].map(({ user, names }) => ({
          user,
          reason: `Run your calibration ${names.length === 1 ? "session" : "sessions"} ${names.map((n) => `'${n}'`).join(", ")} in ${cycle.name}`,
          link,
        })),
      );
    }
    default:
      return [];
  }
}

/** Everyone with pending work in the cycle's current stage. 404 for an unknown cycle. */
export async function pendingWorkRecipients(cycleId: number): Promise<PendingRecipient[]> {
  const db = await getDb();
  const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true, name: true, state: true } });
  if (!cycle) throw cycleNotFound(cycleId);
  return pendingWorkFor(db, cycle);
}

/** Text for the pages: what a nudge sends in this stage. */
export function pendingWorkDescription(stage: CycleStage): string {
  switch (stage) {
    case "start":
      return "Participants who have not chosen any peers or stakeholders yet, and reviewers with unanswered peer requests, are reminded.";
    case "spu_feedback":
      return "Reviewers with self, peer, direct report or matrix team feedback not submitted yet are reminded to complete it.";
    case "manager_feedback":
      return "Managers and matrix managers with manager feedback not submitted yet are reminded to give it.";
    case "calibration":
      return "Admins of calibration sessions that are not closed are reminded to run them.";
    default:
      return `Nobody has pending work in the '${stageLabel(stage)}' stage: a nudge now sends nothing.`;
  }
}
