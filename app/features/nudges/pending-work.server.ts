import type { Db, Tx } from "~/platform/db.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { getDb } from "~/platform/db.server";
import type { FeedbackStatus, Prisma, ReviewerType } from "~/generated/prisma/client.ts";
import { fromDbState, stageLabel, type CycleStage } from "~/features/cycles/rules";
import { FEEDBACK_STAGE_OF, fromDbReviewerType, mandatoryPairs, type ReviewerTypeValue } from "~/features/participants/rules";
import { cycleNotFound } from "~/platform/api.server";

/**
 * Who has work waiting in a cycle's CURRENT stage: the people a nudge reminds (ADR 0019), and the
 * same rules for one person's to-do list on the home page (ADR 0036).
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
 * Each kind of work is ONE function (`peerChoicesOwed`, `peerRequestsOwed`, `feedbackOwed`,
 * `sessionsToRun`) that takes a scope: everyone (the nudges) or some users (the home page). The nudges
 * return only active users, one entry per user (reasons combined), ordered by name then email.
 */

export type PendingRecipient = {
  userId: number;
  email: string;
  name: string;
  /** Why they are reminded, in English (the API's answer, the decision support view). */
  reason: string;
  /** The same reasons as keys (issue 28): the notification and email say them in the recipient's language. */
  reasons?: PageMessage[];
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

export type PendingWorkKind = "peer_choice" | "peer_request" | "feedback" | "session_to_run";

/** The kinds of work each stage asks for (what a nudge reminds of, and what the home page lists of them). */
export const STAGE_WORK: Record<CycleStage, readonly PendingWorkKind[]> = {
  draft: [],
  start: ["peer_choice", "peer_request"],
  spu_feedback: ["feedback"],
  manager_feedback: ["feedback"],
  calibration: ["session_to_run"],
  communication: [],
};

type Person = { id: number; email: string; name: string; active: boolean };
type Client = Db | Tx;

/** Whose work: everyone (no userIds: the nudges) or only these users (the home page, a team's progress). */
export type WorkScope = { userIds?: readonly number[] };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const personSelect = { id: true, email: true, name: true, active: true } as const;

const only = (scope: WorkScope) => (scope.userIds ? { in: [...scope.userIds] } : undefined);

// ---------------------------------------------------------------------------------------------
// The kinds of pending work: ONE function each. The nudges (everyone) and the home page's to-do list
// (app/features/home, one person or a manager's team) both call these, so the two never disagree.

/** Peer request statuses that mean "has chosen" (a declined request does not count). */
const CHOSEN_STATUSES = ["REQUESTED", "ACCEPTED"] as const;

/** Start stage: participants who receive feedback (not reviewer-only) and have no peer or stakeholder requested or accepted yet. */
export async function peerChoicesOwed(client: Client, cycleId: number, scope: WorkScope = {}): Promise<Array<{ participantId: number; user: Person }>> {
  const rows = await client.participant.findMany({
    where: { cycleId, reviewerOnly: false, peerRequests: { none: { status: { in: [...CHOSEN_STATUSES] } } }, ...(scope.userIds ? { userId: only(scope) } : {}) },
    select: { id: true, user: { select: personSelect } },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ participantId: r.id, user: r.user }));
}

export type OwedPeerRequest = { id: number; reviewer: Person; participant: { email: string; name: string }; requestedAt: Date };

/** Start stage: peer requests their reviewers have not answered yet (REQUESTED), oldest first. */
export async function peerRequestsOwed(client: Client, cycleId: number, scope: WorkScope = {}): Promise<OwedPeerRequest[]> {
  const rows = await client.peerRequest.findMany({
    where: { cycleId, status: "REQUESTED", ...(scope.userIds ? { reviewerId: only(scope) } : {}) },
    select: { id: true, createdAt: true, reviewer: { select: personSelect }, participant: { select: { user: { select: { email: true, name: true } } } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ id: r.id, reviewer: r.reviewer, participant: r.participant.user, requestedAt: r.createdAt }));
}

export type OwedFeedback = { reviewerUserId: number; revieweeUserId: number; reviewerType: ReviewerTypeValue };

/**
 * Feedback owed in a feedback stage, one entry per (reviewee, reviewer) pair not submitted yet.
 * Owed = mandatory pairs of the stage's reviewer types + accepted peer requests (spu only) + existing
 * rows of those types; done = SUBMITTED (one feedback per reviewee and reviewer, whatever the type).
 * The type is the stored row's when there is one, else the mandatory pair's, else peer.
 *
 * With `scope.userIds` (reviewers) only the participants that can make a pair with them are read: the
 * reviewers, their managers and secondary managers, the people they manage (primary or secondary) and
 * anyone they hold a feedback row or an accepted request for. `mandatoryPairs` gives exactly the same
 * pairs for those reviewers on that subset as on the whole cycle.
 */
export async function feedbackOwed(client: Client, cycleId: number, stage: "spu_feedback" | "manager_feedback", scope: WorkScope = {}): Promise<OwedFeedback[]> {
  const reviewers = scope.userIds ? [...scope.userIds] : null;
  let participantWhere: Prisma.ParticipantWhereInput = { cycleId };
  if (reviewers) {
    const own = await client.participant.findMany({ where: { cycleId, userId: { in: reviewers } }, select: { managerId: true, secondaryManagerId: true } });
    const above = own.flatMap((p) => [p.managerId, p.secondaryManagerId]).filter((id): id is number => id != null);
    participantWhere = {
      cycleId,
      OR: [
        { userId: { in: [...reviewers, ...above] } },
        { managerId: { in: reviewers } },
        { secondaryManagerId: { in: reviewers } },
        { feedbacksReceived: { some: { reviewerId: { in: reviewers } } } },
        { peerRequests: { some: { reviewerId: { in: reviewers }, status: "ACCEPTED" } } },
      ],
    };
  }
  const byReviewer = reviewers ? { reviewerId: { in: reviewers } } : {};
  const [participants, feedbacks, accepted] = await Promise.all([
    client.participant.findMany({ where: participantWhere, select: { id: true, userId: true, managerId: true, secondaryManagerId: true, reviewerOnly: true } }),
    client.feedback.findMany({ where: { cycleId, ...byReviewer }, select: { revieweeId: true, reviewerId: true, reviewerType: true, status: true } }),
    stage === "spu_feedback"
      ? client.peerRequest.findMany({ where: { cycleId, status: "ACCEPTED", ...byReviewer }, select: { participantId: true, reviewerId: true } })
      : Promise.resolve([] as Array<{ participantId: number; reviewerId: number }>),
  ]);
  return owedFeedbackFrom(stage, participants, feedbacks, accepted, reviewers);
}

/** The rows feedbackOwed reads (the home page's one-statement read returns the same rows). */
export type OwedFeedbackRows = {
  participants: ReadonlyArray<{ id: number; userId: number; managerId: number | null; secondaryManagerId: number | null; reviewerOnly: boolean }>;
  feedbacks: ReadonlyArray<{ revieweeId: number; reviewerId: number; reviewerType: ReviewerType; status: FeedbackStatus }>;
  accepted: ReadonlyArray<{ participantId: number; reviewerId: number }>;
};

/** feedbackOwed's rule on the rows it read (pure; `reviewers` null: everyone). */
export function owedFeedbackFrom(
  stage: "spu_feedback" | "manager_feedback",
  participants: OwedFeedbackRows["participants"],
  feedbacks: OwedFeedbackRows["feedbacks"],
  accepted: OwedFeedbackRows["accepted"],
  reviewers: readonly number[] | null,
): OwedFeedback[] {
  const userOfParticipant = new Map(participants.map((p) => [p.id, p.userId]));
  const inStage = (t: ReviewerTypeValue) => FEEDBACK_STAGE_OF[t] === stage;
  const key = (revieweeUserId: number, reviewerUserId: number) => `${revieweeUserId}:${reviewerUserId}`;

  const owed = new Map<string, OwedFeedback>();
  for (const pair of mandatoryPairs(participants)) {
    if (inStage(pair.reviewerType)) owed.set(key(pair.revieweeUserId, pair.reviewerUserId), { ...pair });
  }
  for (const r of accepted) {
    const reviewee = userOfParticipant.get(r.participantId);
    if (reviewee === undefined) continue;
    const k = key(reviewee, r.reviewerId);
    if (!owed.has(k)) owed.set(k, { revieweeUserId: reviewee, reviewerUserId: r.reviewerId, reviewerType: "peer" });
  }
  const submitted = new Set<string>();
  for (const f of feedbacks) {
    const reviewee = userOfParticipant.get(f.revieweeId);
    if (reviewee === undefined) continue;
    const k = key(reviewee, f.reviewerId);
    const type = fromDbReviewerType(f.reviewerType);
    if (f.status === "SUBMITTED") submitted.add(k);
    else if (inStage(type)) owed.set(k, { revieweeUserId: reviewee, reviewerUserId: f.reviewerId, reviewerType: type });
  }
  return [...owed.entries()].filter(([k, o]) => !submitted.has(k) && (!reviewers || reviewers.includes(o.reviewerUserId))).map(([, o]) => o);
}

export type SessionToRun = { user: Person; session: { id: number; name: string; kind: "RATING" | "PROMOTION"; state: string; deadline: Date | null } };

/** Calibration stage: the admins (ADMIN members) of the cycle's sessions, rating and promotion, that are not closed; by session name. */
export async function sessionsToRun(client: Client, cycleId: number, scope: WorkScope = {}): Promise<SessionToRun[]> {
  return client.calibrationSessionMember.findMany({
    where: { role: "ADMIN", session: { cycleId, state: { not: CLOSED_SESSION_STATE } }, ...(scope.userIds ? { userId: only(scope) } : {}) },
    select: { user: { select: personSelect }, session: { select: { id: true, name: true, kind: true, state: true, deadline: true } } },
    orderBy: [{ session: { name: "asc" } }, { id: "asc" }],
  });
}

// ---------------------------------------------------------------------------------------------
// The nudges: everyone's work of the current stage, one reminder per person

function collect(entries: Entry[]): PendingRecipient[] {
  const byUser = new Map<number, PendingRecipient>();
  for (const { user, reason, message, link } of entries) {
    if (!user.active) continue;
    const existing = byUser.get(user.id);
    if (existing) {
      if (!existing.reason.includes(reason)) {
        existing.reason = `${existing.reason}; ${reason}`;
        existing.reasons = [...(existing.reasons ?? []), message];
      }
    } else {
      byUser.set(user.id, { userId: user.id, email: user.email, name: user.name, reason, reasons: [message], link });
    }
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email) || a.userId - b.userId);
}

async function peopleById(client: Client, ids: Iterable<number>): Promise<Map<number, Person>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await client.user.findMany({ where: { id: { in: list } }, select: personSelect });
  return new Map(rows.map((u) => [u.id, u]));
}

type Entry = { user: Person; reason: string; message: PageMessage; link: string };

/** The reminders of one kind of work in a cycle (everyone's). */
async function remindersOf(client: Client, kind: PendingWorkKind, cycle: { id: number; name: string }, stage: CycleStage, link: string): Promise<Entry[]> {
  switch (kind) {
    case "peer_choice": {
      const reason = `Choose your peers and stakeholders for ${cycle.name}`;
      const message = pageMessage("nudges.mail.reasons.peerChoice", { cycle: cycle.name });
      return (await peerChoicesOwed(client, cycle.id)).map((p) => ({ user: p.user, reason, message, link }));
    }
    case "peer_request": {
      const unanswered = new Map<number, { user: Person; n: number }>();
      for (const r of await peerRequestsOwed(client, cycle.id)) {
        const entry = unanswered.get(r.reviewer.id) ?? { user: r.reviewer, n: 0 };
        entry.n++;
        unanswered.set(r.reviewer.id, entry);
      }
      return [...unanswered.values()].map(({ user, n }) => ({
        user,
        reason: `Answer ${plural(n, "peer feedback request", "peer feedback requests")} in ${cycle.name}`,
        message: pageMessage("nudges.mail.reasons.peerRequests", { count: n, cycle: cycle.name }),
        link,
      }));
    }
    case "feedback": {
      if (stage !== "spu_feedback" && stage !== "manager_feedback") return [];
      const counts = new Map<number, number>();
      for (const o of await feedbackOwed(client, cycle.id, stage)) counts.set(o.reviewerUserId, (counts.get(o.reviewerUserId) ?? 0) + 1);
      const people = await peopleById(client, counts.keys());
      return [...counts].flatMap(([userId, n]) => {
        const user = people.get(userId);
        if (!user) return [];
        const reason =
          stage === "spu_feedback"
            ? `You have ${plural(n, "feedback", "feedbacks")} to complete in ${cycle.name}`
            : `${plural(n, "person is", "people are")} waiting for your manager feedback in ${cycle.name}`;
        const message =
          stage === "spu_feedback"
            ? pageMessage("nudges.mail.reasons.feedback", { count: n, cycle: cycle.name })
            : pageMessage("nudges.mail.reasons.managerFeedback", { count: n, cycle: cycle.name });
        return [{ user, reason, message, link }];
      });
    }
    case "session_to_run": {
      const sessions = new Map<number, { user: Person; names: string[] }>();
      for (const m of await sessionsToRun(client, cycle.id)) {
        const entry = sessions.get(m.user.id) ?? { user: m.user, names: [] };
        if (!entry.names.includes(m.session.name)) entry.names.push(m.session.name);
        sessions.set(m.user.id, entry);
      }
      return [...sessions.values()].map(({ user, names }) => ({
        user,
        reason: `Run your calibration ${names.length === 1 ? "session" : "sessions"} ${names.map((n) => `'${n}'`).join(", ")} in ${cycle.name}`,
        message: pageMessage("nudges.mail.reasons.sessions", { count: names.length, names: names.map((n) => `'${n}'`).join(", "), cycle: cycle.name }),
        link,
      }));
    }
  }
}

/** The stage's pending work for an already-loaded cycle (the nudge job calls this when it begins). */
export async function pendingWorkFor(client: Client, cycle: { id: number; name: string; state: string }): Promise<PendingRecipient[]> {
  const stage = fromDbState(cycle.state);
  const page = PENDING_WORK_LINKS[stage];
  if (!page) return [];
  // The reminder opens the page on this cycle (pages select their cycle with ?cycle_id=).
  const link = `${page}?cycle_id=${cycle.id}`;
  const entries: Entry[] = [];
  for (const kind of STAGE_WORK[stage]) entries.push(...(await remindersOf(client, kind, cycle, stage, link)));
  return collect(entries);
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
