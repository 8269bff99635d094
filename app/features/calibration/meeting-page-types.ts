/**
 * The calibration meeting pages (session admin, panelists, sign-off party): their paths, loader data and
 * action results. PURE: the components import it; the loaders in *pages.server.ts return these shapes.
 */
import type { FeedbackSummary } from "~/features/summaries/rules";
import type { SessionRole } from "~/features/calibration/rules";
import type { CommentJson, RatingChangeJson, SessionDetailJson, SessionJson, SessionParticipantJson } from "~/features/calibration/types";

export type MeetingRole = Extract<SessionRole, "session_admin" | "panelist" | "sign_off">;

export const MEETING_ROLES: Record<MeetingRole, { list: string; title: string; noun: string }> = {
  panelist: { list: "/app/ratings/calibration-panelist/sessions", title: "Review Your Calibration Session", noun: "panelist" },
  session_admin: { list: "/app/session-admin/calibration-sessions", title: "Run Calibration Session", noun: "session admin" },
  sign_off: { list: "/app/sign-off-party/calibration-sessions", title: "Sign-off Rating Calibration Session", noun: "sign-off party" },
};

export const meetingPaths = {
  list: (role: MeetingRole, cycleId: number) => `${MEETING_ROLES[role].list}?cycle_id=${cycleId}`,
  session: (role: MeetingRole, sessionId: number, cycleId: number) => `${MEETING_ROLES[role].list}/${sessionId}?cycle_id=${cycleId}`,
  participant: (sessionId: number, spId: number, cycleId: number) =>
    `${MEETING_ROLES.panelist.list}/${sessionId}/participants/${spId}/calibration-rating?cycle_id=${cycleId}`,
  /** The server-sent-events stream of a session's version (app/routes/app.calibration-sessions.$sessionId.events.ts). */
  events: (role: SessionRole, sessionId: number, cycleId: number) => `/app/calibration-sessions/${sessionId}/events?cycle_id=${cycleId}&role=${role}`,
};

export type CycleOption = { id: number; name: string };

/** The list of my sessions in the cycle of ?cycle_id= (or why there is none). */
export type SessionListPageData = { role: MeetingRole; cycles: CycleOption[] } & (
  | { kind: "selected"; cycleId: number; sessions: SessionJson[] }
  | { kind: "none" | "invalid"; message: string }
);

/** The table's page of a session page (?page=, ADR 0067): `detail.participants` holds only this page's rows. */
export type ParticipantPage = { page: number; page_size: number; total: number; pages: number };

/**
 * The history a session page ships (?history=N, ADR 0091): `detail.history` holds the latest `pages` pages of
 * HISTORY_PAGE changes of the `total` the session has.
 */
export type HistoryPage = { pages: number; total: number };

/**
 * One participant's row as the session pages ship it (ADR 0123): what the grid, the sign-off outcome table, the row's
 * actions and the rating dialog draw or send, and nothing else (no emails, user and participant ids or times). A part
 * of the API's `SessionParticipantJson` (the API keeps its whole shape), cut by `meetingRowOf` (participant-page.ts).
 */
export type MeetingRowJson = {
  /** The session participant's id: the row's test ids, the actions' `sp_id`, the move's `participant_id`, the panelist's link. */
  id: number;
  user: { name: string; job_title: string | null; department: string | null };
  manager: { name: string } | null;
  proposed_rating: number | null;
  rating: number | null;
  potential: number | null;
  terminated: boolean;
  /** The latest proposal of each panelist (the panelist's id keys the list; the justification is the hover text). */
  proposals: Array<{ panelist: { id: number; name: string }; rating: number; justification: string }>;
  comment_count: number;
  promotion_nomination: { status: string; rationale: string | null; nominated_by: { name: string } | null } | null;
};

/** A rating change as the history table draws it (ADR 0123): the API's `RatingChangeJson` with names for its people. */
export type MeetingChangeJson = Pick<RatingChangeJson, "id" | "field" | "old_value" | "new_value" | "reason" | "created_at" | "superseded"> & {
  participant: { name: string };
  changed_by: { name: string } | null;
};

/** A session as its pages ship it: the API's detail with page rows for its participants and its history (ADR 0123). */
export type MeetingDetailJson = Omit<SessionDetailJson, "participants" | "history"> & { participants: MeetingRowJson[]; history: MeetingChangeJson[] };

/**
 * One session as a role reads it: one page of its participants (ADR 0067) as page rows (ADR 0123), the latest changes
 * of its history (ADR 0091); the distribution, outliers and counts describe the whole session.
 */
export type SessionPageData = {
  role: MeetingRole;
  cycleId: number;
  spoofing: boolean;
  detail: MeetingDetailJson;
  participant_page: ParticipantPage;
  history_page: HistoryPage;
};

/** One person of the session's 9-box: what the box and the rating dialog read. */
export type BoardPerson = Pick<MeetingRowJson, "id" | "rating" | "potential" | "proposed_rating" | "terminated"> & { user: { name: string } };

/** A box of the 9-box: "band-potential" ("1-1" … "3-3", rules.ts performanceBand and the potential) or "unplaced". */
export type BoxKey = `${1 | 2 | 3}-${1 | 2 | 3}` | "unplaced";

/**
 * The 9-box as the session admin's page ships it (ADR 0091): per box of live people, its head count and its first
 * BOX_PREVIEW people in the grid's order; every person of the box opened with ?box= (`open`). A box nobody is in is absent.
 */
export type Board = { boxes: Partial<Record<BoxKey, { count: number; people: BoardPerson[] }>>; open: BoxKey | null };

/** The session admin's page: the session with one page of its participants, and the whole session's 9-box in counts. */
export type SessionAdminPageData = SessionPageData & { board: Board };

/** One participant of a session as a panelist reads it (views.server.ts getParticipantDetail). */
export type ParticipantPageJson = {
  session: SessionJson;
  my_roles: SessionRole[];
  allowed: SessionDetailJson["allowed"];
  participant: SessionParticipantJson;
  feedback_summary: FeedbackSummary;
  comments: CommentJson[];
  history: RatingChangeJson[];
};

export type ParticipantPageData = { cycleId: number; spoofing: boolean; myId: number; detail: ParticipantPageJson };

export const MEETING_INTENTS = ["propose", "comment", "set_rating", "move", "terminate", "progress_to_review", "close", "revision"] as const;
export type MeetingIntent = (typeof MEETING_INTENTS)[number];

/** What a meeting page's action answers: a toast on success; the message (and per-field messages) otherwise. */
export type MeetingActionResult =
  | { ok: true; intent: MeetingIntent; message: string }
  | { ok: false; intent: MeetingIntent | null; message: string; fieldErrors: Record<string, string> };

/** One formatter for every call (building one per call, as toLocaleString with options does, is slow on long lists). */
const WHEN_FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A time as the meeting pages show it (UTC, so the server and the browser render the same text). */
export function whenText(iso: string): string {
  const d = new Date(iso);
  // toLocaleString answered "Invalid Date" where format() throws.
  return Number.isNaN(d.getTime()) ? "Invalid Date UTC" : WHEN_FORMAT.format(d) + " UTC";
}
