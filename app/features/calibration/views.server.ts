import type { Prisma } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { participantInclude, requireCycle } from "~/features/cycles/context.server";
import { calibrationSummaryOf } from "~/features/summaries/service.server";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { distribution, outlierFlags, readGuideline, type OutlierGroup, type SessionRole } from "~/features/calibration/rules";
import { allowedActions, personJson, requireSessionAs, stateOf, toSessionJson, type Client, type SessionKind } from "~/features/calibration/model.server";
import type { CommentJson, NominationDetailsJson, ProposalJson, RatingChangeJson, SessionDetailJson, SessionJson, SessionParticipantJson } from "~/features/calibration/types";
import { storedMessage } from "~/platform/i18n/stored-text";
import { sortByName } from "~/platform/i18n/format";

/** What each role reads of a session: the grid, the distribution, the history, comments, outliers. */

const person = { select: { id: true, name: true, email: true } } as const;

const spInclude = {
  participant: {
    select: {
      id: true,
      proposedRating: true,
      proposedPotential: true,
      user: { select: { id: true, name: true, email: true, jobTitle: true, department: true } },
      manager: person,
      nominations: { select: { status: true, rationale: true, createdAt: true, nominatedBy: person } },
    },
  },
  proposals: { include: { panelist: person }, orderBy: { createdAt: "desc" } },
  _count: { select: { comments: true } },
} satisfies Prisma.CalibrationSessionParticipantInclude;

type SpRow = Prisma.CalibrationSessionParticipantGetPayload<{ include: typeof spInclude }>;

function nominationJson(n: SpRow["participant"]["nominations"][number] | undefined): NominationDetailsJson | null {
  if (!n) return null;
  return { status: n.status, rationale: n.rationale, nominated_by: n.nominatedBy ? personJson(n.nominatedBy) : null, created_at: n.createdAt.toISOString() };
}

function toSpJson(r: SpRow): SessionParticipantJson {
  const latest = new Map<number, ProposalJson>();
  for (const p of r.proposals) {
    if (!latest.has(p.panelistId)) latest.set(p.panelistId, { panelist: personJson(p.panelist), rating: p.rating, justification: p.justification, created_at: p.createdAt.toISOString() });
  }
  const u = r.participant.user;
  return {
    id: r.id,
    participant_id: r.participant.id,
    user: { ...personJson(u), job_title: u.jobTitle, department: u.department },
    manager: r.participant.manager ? personJson(r.participant.manager) : null,
    proposed_rating: r.participant.proposedRating,
    rating: r.rating,
    proposed_potential: r.participant.proposedPotential,
    potential: r.potential,
    terminated: r.terminatedAt !== null,
    terminated_at: r.terminatedAt?.toISOString() ?? null,
    proposals: [...latest.values()],
    comment_count: r._count.comments,
    promotion_nomination: nominationJson(r.participant.nominations.find((n) => n.status !== "withdrawn") ?? r.participant.nominations[0]),
  };
}

async function historyOf(client: Client, where: Prisma.CalibrationRatingChangeWhereInput): Promise<RatingChangeJson[]> {
  const rows = await client.calibrationRatingChange.findMany({
    where,
    include: { changedBy: person, sessionParticipant: { select: { participant: { select: { user: person } } } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const seen = new Set<string>();
  return rows.map((c) => {
    const key = `${c.sessionParticipantId}:${c.field}`;
    const superseded = seen.has(key);
    seen.add(key);
    return {
      id: c.id,
      session_participant_id: c.sessionParticipantId,
      participant: personJson(c.sessionParticipant.participant.user),
      field: c.field === "potential" ? "potential" : "rating",
      old_value: c.oldValue,
      new_value: c.newValue,
      reason: c.reason,
      changed_by: c.changedBy ? personJson(c.changedBy) : null,
      created_at: c.createdAt.toISOString(),
      superseded,
    };
  });
}

async function commentsOf(client: Client, where: Prisma.CalibrationCommentWhereInput): Promise<CommentJson[]> {
  const rows = await client.calibrationComment.findMany({ where, include: { author: person }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((c) => ({ id: c.id, session_participant_id: c.sessionParticipantId, author: personJson(c.author), body: c.body, body_key: storedMessage(c.body, c.bodyCode), created_at: c.createdAt.toISOString() }));
}

/** The session as `role` reads it (403 when `current` does not hold that role in it). */
export async function getSessionDetail(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number): Promise<SessionDetailJson> {
  const db = await getDb();
  const { row, roles, state } = await requireSessionAs(db, current, role, cycleId, sessionId);
  const [sps, history, comments, company, targets] = await Promise.all([
    db.calibrationSessionParticipant.findMany({ where: { sessionId }, include: spInclude, orderBy: { id: "asc" } }),
    historyOf(db, { sessionId }),
    commentsOf(db, { sessionId, sessionParticipantId: null }),
    db.participant.aggregate({ where: { cycleId, reviewerOnly: false, proposedRating: { not: null } }, _avg: { proposedRating: true } }),
    roles.includes("session_admin") || roles.includes("admin")
      ? db.calibrationSession.findMany({ where: { cycleId, kind: "RATING", id: { not: sessionId }, state: { in: ["draft", "active", "revision_requested"] } }, select: { id: true, name: true, state: true }, orderBy: { id: "asc" } })
      : Promise.resolve([]),
  ]);
  // The grid's order (ADR 0101): by name in en's collation (the API has no reader), then id, as the pages' statement.
  const participants = sortByName(sps, "en", (sp) => sp.participant.user.name).map(toSpJson);
  const live = participants.filter((p) => !p.terminated);
  const guideline = readGuideline(row.guideline);
  const groups = new Map<string, OutlierGroup>();
  for (const p of live) {
    if (p.proposed_rating == null) continue;
    const add = (kind: "manager" | "department", key: string, label: string) => {
      const k = `${kind}:${key}`;
      if (!groups.has(k)) groups.set(k, { kind, key, label, ratings: [] });
      groups.get(k)!.ratings.push(p.proposed_rating!);
    };
    if (p.manager) add("manager", p.manager.email, p.manager.name);
    if (p.user.department) add("department", p.user.department, p.user.department);
  }
  return {
    session: toSessionJson(row),
    my_roles: roles,
    allowed: allowedActions(roles, state),
    participants,
    distribution: distribution(live.map((p) => p.rating), guideline),
    history,
    comments,
    outliers: outlierFlags([...groups.values()], guideline, { mean: company._avg.proposedRating }),
    move_targets: targets.map((t) => ({ id: t.id, name: t.name, state: stateOf(t) })),
  };
}

export type ParticipantDetailJson = {
  session: SessionDetailJson["session"];
  my_roles: SessionRole[];
  allowed: SessionDetailJson["allowed"];
  participant: SessionParticipantJson;
  feedback_summary: FeedbackSummary;
  comments: CommentJson[];
  history: RatingChangeJson[];
};

/** One participant of the session as a member reads it: feedback summary, nomination, proposals, thread, history. */
export async function getParticipantDetail(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, spId: number): Promise<ParticipantDetailJson> {
  const db = await getDb();
  const { row, roles, state } = await requireSessionAs(db, current, role, cycleId, sessionId);
  const sp = await db.calibrationSessionParticipant.findFirst({ where: { id: spId, sessionId }, include: spInclude });
  if (!sp) throw notFound(`Participant ${spId} is not in calibration session ${sessionId}`);
  const [cycle, full, comments, history] = await Promise.all([
    requireCycle(db, cycleId),
    db.participant.findUniqueOrThrow({ where: { id: sp.participantId }, include: participantInclude }),
    commentsOf(db, { sessionParticipantId: sp.id }),
    historyOf(db, { sessionParticipantId: sp.id }),
  ]);
  return {
    session: toSessionJson(row),
    my_roles: roles,
    allowed: allowedActions(roles, state),
    participant: toSpJson(sp),
    feedback_summary: await calibrationSummaryOf(db, cycle, full),
    comments,
    history,
  };
}

/** The session itself (no participants) as `role` reads it: the answer of the moves that change it. */
export async function getSessionAs(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number): Promise<SessionJson> {
  const { row } = await requireSessionAs(await getDb(), current, role, cycleId, sessionId);
  return toSessionJson(row);
}

/** One participant of the session (their row of the grid) as `role` reads it. */
export async function getSessionParticipant(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, spId: number): Promise<SessionParticipantJson> {
  const db = await getDb();
  await requireSessionAs(db, current, role, cycleId, sessionId);
  const sp = await db.calibrationSessionParticipant.findFirst({ where: { id: spId, sessionId }, include: spInclude });
  if (!sp) throw notFound(`Participant ${spId} is not in calibration session ${sessionId}`);
  return toSpJson(sp);
}

/** The promotion nomination of a session participant (`promotion_details`). */
export async function getPromotionDetails(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, spId: number): Promise<{ promotion_nomination: NominationDetailsJson | null }> {
  return { promotion_nomination: (await getSessionParticipant(current, role, cycleId, sessionId, spId)).promotion_nomination };
}

/** The comment thread of a participant (spId) or of the session (null). */
export async function listComments(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, spId: number | null, kind: SessionKind = "RATING"): Promise<CommentJson[]> {
  const db = await getDb();
  await requireSessionAs(db, current, role, cycleId, sessionId, kind);
  if (spId !== null && !(await db.calibrationSessionParticipant.findFirst({ where: { id: spId, sessionId }, select: { id: true } }))) {
    throw notFound(`Participant ${spId} is not in calibration session ${sessionId}`);
  }
  return commentsOf(db, spId === null ? { sessionId, sessionParticipantId: null } : { sessionParticipantId: spId });
}

/** The session's version (the live-update stream compares it), after the same role check as the page. */
export async function sessionVersion(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, kind: SessionKind = "RATING"): Promise<number> {
  const { row } = await requireSessionAs(await getDb(), current, role, cycleId, sessionId, kind);
  return row.version;
}
