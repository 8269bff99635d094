import { getDb } from "~/platform/db.server";
import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { sqlRows } from "~/platform/sql.server";
import { fromDbState } from "~/features/cycles/rules";
import { calibrationSummaryOf } from "~/features/summaries/service.server";
import { distribution, outlierFlags, readGuideline, type SessionRole } from "~/features/calibration/rules";
import { allowedActions, sessionCoreJson, sessionNotFound, sessionRolesAs, stateOf } from "~/features/calibration/model.server";
import { PARTICIPANT_PAGE_SQL, PARTICIPANTS_SQL, SESSION_PAGE_SQL } from "~/features/calibration/meeting-sql.server";
import type { HistorySqlRow, ParticipantPageSqlRow, ParticipantsSqlRow, SessionPageSqlRow, SessionSqlRow } from "~/features/calibration/meeting-sql.server";
import type { BoardPerson, ParticipantPage, ParticipantPageJson } from "~/features/calibration/meeting-page-types";
import type { RatingChangeJson, SessionDetailJson, SessionJson } from "~/features/calibration/types";

/**
 * The calibration meeting pages' reads (issue 27, lean reads; ADR 0063): the session admin's, the panelist's and the
 * sign-off party's session page in two prepared statements sent together (the session with what describes the whole
 * session — distribution, outlier groups, the cycle's mean, history, comments, move targets — and the participants: one
 * page, or all, plus the 9-box people), the panelist's participant page in one statement plus the feedback summary's.
 * The answers are the JSON of views.server.ts (getSessionDetail, getParticipantDetail), which the API still uses;
 * tests/integration/calibration-meeting-reads.test.ts holds the two equal. The role check is the services' (404 for a
 * session not in the cycle, 403 for a role the reader does not hold), made on the rows read before anything is shown.
 */

/** toSessionJson (model.server.ts) of a session read by the statements. */
function sessionJson(row: SessionSqlRow): SessionJson {
  const { version, closed_at, created_at, updated_at, ...core } = sessionCoreJson({ ...row, cycle: { name: row.cycleName } });
  return {
    ...core,
    guideline: readGuideline(row.guideline),
    participant_count: row.counts.live,
    changed_count: row.counts.changed,
    terminated_count: row.counts.all - row.counts.live,
    version,
    closed_at,
    created_at,
    updated_at,
  };
}

/** The reader's roles through `role` (403) and the state, as requireSessionAs decides them. */
function rolesOf(row: SessionSqlRow, current: CurrentUser, role: SessionRole) {
  const members = row.members.map((m) => ({ role: m.role, userId: m.user.id }));
  return sessionRolesAs({ createdById: row.createdById, members, state: row.state }, current, role);
}

/** The history newest first; a change is superseded when a later one of the same field of the same person exists. */
function historyJson(rows: readonly HistorySqlRow[]): RatingChangeJson[] {
  const seen = new Set<string>();
  return rows.map((c) => {
    const key = `${c.session_participant_id}:${c.field}`;
    const superseded = seen.has(key);
    seen.add(key);
    return { ...c, field: c.field === "potential" ? "potential" : "rating", superseded };
  });
}

export type SessionPageRead = { detail: SessionDetailJson; participant_page: ParticipantPage; board: BoardPerson[] | null };

/**
 * The session as `role` reads it, in two statements: `paging` null gives every participant (the panelist's and the
 * sign-off party's pages); otherwise one page of them (a page past the last gives the last) and the whole session's
 * 9-box people (the session admin's page, ADR 0067).
 */
export async function readSessionPage(
  current: CurrentUser,
  role: SessionRole,
  cycleId: number,
  sessionId: number,
  paging: { page: number; pageSize: number } | null,
): Promise<SessionPageRead> {
  const [[row], [people]] = await Promise.all([
    sqlRows<SessionPageSqlRow>("calibration.meeting-session", SESSION_PAGE_SQL, [sessionId, cycleId]),
    sqlRows<ParticipantsSqlRow>("calibration.meeting-participants", PARTICIPANTS_SQL, [sessionId, paging?.page ?? 1, paging?.pageSize ?? null, paging !== null]),
  ]);
  if (!row) throw sessionNotFound(cycleId, sessionId);
  const { roles, state } = rolesOf(row, current, role);
  const guideline = readGuideline(row.guideline);
  const total = people?.total ?? 0;
  const pageSize = paging?.pageSize ?? Math.max(1, total);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const detail: SessionDetailJson = {
    session: sessionJson(row),
    my_roles: roles,
    allowed: allowedActions(roles, state),
    participants: people?.rows ?? [],
    distribution: distribution(
      row.ratings.flatMap(({ r, n }) => Array<number | null>(n).fill(r)),
      guideline,
    ),
    history: historyJson(row.history),
    comments: row.comments,
    outliers: outlierFlags(row.groups, guideline, { mean: row.companyMean }),
    move_targets: roles.includes("session_admin") || roles.includes("admin") ? row.moveTargets.map((t) => ({ id: t.id, name: t.name, state: stateOf(t) })) : [],
  };
  return {
    detail,
    participant_page: { page: Math.min(Math.max(1, paging?.page ?? 1), pages), page_size: pageSize, total, pages },
    board: people?.board ?? null,
  };
}

/**
 * One participant of the session as a panelist reads it (getParticipantDetail's JSON): the session, the participant's
 * row, thread and history in one statement, then their feedback summary as the calibration panel reads it (one more).
 */
export async function readParticipantPage(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, spId: number): Promise<ParticipantPageJson> {
  const [row] = await sqlRows<ParticipantPageSqlRow>("calibration.meeting-participant", PARTICIPANT_PAGE_SQL, [sessionId, cycleId, spId]);
  if (!row) throw sessionNotFound(cycleId, sessionId);
  const { roles, state } = rolesOf(row, current, role);
  if (!row.participant || !row.reviewee) throw notFound(`Participant ${spId} is not in calibration session ${sessionId}`);
  const cycle = { id: row.cycleId, name: row.cycleName, stage: fromDbState(row.cycleState), peerNames: row.peerNames, upwardNames: row.upwardNames };
  return {
    session: sessionJson(row),
    my_roles: roles,
    allowed: allowedActions(roles, state),
    participant: row.participant,
    feedback_summary: await calibrationSummaryOf(await getDb(), cycle, row.reviewee),
    comments: row.comments,
    history: historyJson(row.history),
  };
}
