import { getDb } from "~/platform/db.server";
import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { sqlRows } from "~/platform/sql.server";
import { nameKeyLanguage } from "~/platform/db/name-order.server";
import { fromDbState } from "~/features/cycles/rules";
import { calibrationSummaryOf } from "~/features/summaries/service.server";
import { distribution, outlierFlags, readGuideline, type SessionRole } from "~/features/calibration/rules";
import { allowedActions, sessionCoreJson, sessionNotFound, sessionRolesAs, stateOf } from "~/features/calibration/model.server";
import { PARTICIPANT_PAGE_SQL, PARTICIPANTS_SQL, SESSION_PAGE_SQL } from "~/features/calibration/meeting-sql.server";
import type { HistorySqlRow, ParticipantPageSqlRow, ParticipantsSqlRow, SessionPageSqlRow, SessionSqlRow } from "~/features/calibration/meeting-sql.server";
import { BOX_PREVIEW, HISTORY_PAGE, historyPageOf, meetingChangeOf, meetingRowOf, participantPageOf } from "~/features/calibration/participant-page";
import type { Board, BoxKey, HistoryPage, MeetingDetailJson, ParticipantPage, ParticipantPageJson } from "~/features/calibration/meeting-page-types";
import type { RatingChangeJson, SessionJson } from "~/features/calibration/types";

/**
 * The calibration meeting pages' reads (issue 27, lean reads; ADR 0063, ADR 0091): the session admin's, the panelist's
 * and the sign-off party's session page in two prepared statements sent together (the session with what describes the
 * whole session — distribution, outlier groups, the cycle's mean, comments, move targets — and the latest changes of
 * its history; the participants: one page, plus the 9-box in counts), the panelist's participant page in one statement plus the feedback summary's.
 * The answers are the JSON of views.server.ts (getSessionDetail, getParticipantDetail), which the API still uses;
 * tests/integration/calibration-meeting-reads.test.ts holds the two equal. The role check is the services' (404 for a
 * session not in the cycle, 403 for a role the reader does not hold), made on the rows read before anything is shown.
 */

/** toSessionJson (model.server.ts) of a session read by the statements (SESSION_COLUMNS). */
export function sessionJson(row: SessionSqlRow): SessionJson {
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

/** The history newest first, as the statements give it (superseded marked in SQL): the field as the JSON names it. */
function historyJson(rows: readonly HistorySqlRow[]): RatingChangeJson[] {
  return rows.map((c) => ({ ...c, field: c.field === "potential" ? "potential" : "rating" }));
}

/** What a session page asks for (participant-page.ts reads it from the address). */
export type SessionPageQuery = {
  /** The participants' page (from 1; past the last = the last) and its size; `pageSize` null: every participant. */
  page: number;
  pageSize: number | null;
  /** How many pages of HISTORY_PAGE changes of the history (the latest first). */
  history: number;
  /** The session admin's 9-box: undefined for none; null for counts and the first people of each box; a key to open that box. */
  box?: BoxKey | null;
  /** The reader's language, whose collation orders the names (ADR 0101); none: en's. */
  language?: string;
};

export type SessionPageRead = { detail: MeetingDetailJson; participant_page: ParticipantPage; history_page: HistoryPage; board: Board | null };

/**
 * The session as `role` reads it, in two statements: one page of the participants (or all), the latest pages of the
 * history, and, for the session admin's page, the 9-box in counts (ADR 0067, ADR 0091).
 */
export async function readSessionPage(current: CurrentUser, role: SessionRole, cycleId: number, sessionId: number, query: SessionPageQuery): Promise<SessionPageRead> {
  const withBoard = query.box !== undefined;
  const keyLanguage = nameKeyLanguage(query.language);
  const [[row], [people]] = await Promise.all([
    sqlRows<SessionPageSqlRow>("calibration.meeting-session", SESSION_PAGE_SQL, [sessionId, cycleId, Math.max(1, query.history) * HISTORY_PAGE, keyLanguage]),
    sqlRows<ParticipantsSqlRow>("calibration.meeting-participants", PARTICIPANTS_SQL, [sessionId, query.page, query.pageSize, withBoard, BOX_PREVIEW, query.box ?? null, keyLanguage]),
  ]);
  if (!row) throw sessionNotFound(cycleId, sessionId);
  const { roles, state } = rolesOf(row, current, role);
  const guideline = readGuideline(row.guideline);
  const total = people?.total ?? 0;
  const detail: MeetingDetailJson = {
    session: sessionJson(row),
    my_roles: roles,
    allowed: allowedActions(roles, state),
    // Page rows (ADR 0123): what the grid and the history draw and the actions send, not the API's whole rows.
    participants: (people?.rows ?? []).map(meetingRowOf),
    distribution: distribution(
      row.ratings.flatMap(({ r, n }) => Array<number | null>(n).fill(r)),
      guideline,
    ),
    history: historyJson(row.history).map(meetingChangeOf),
    comments: row.comments,
    outliers: outlierFlags(row.groups, guideline, { mean: row.companyMean }),
    move_targets: roles.includes("session_admin") || roles.includes("admin") ? row.moveTargets.map((t) => ({ id: t.id, name: t.name, state: stateOf(t) })) : [],
  };
  return {
    detail,
    participant_page: participantPageOf(query.page, total, query.pageSize ?? Math.max(1, total)),
    history_page: historyPageOf(query.history, row.historyTotal),
    board: withBoard ? { boxes: (people?.board ?? {}) as Board["boxes"], open: query.box ?? null } : null,
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
