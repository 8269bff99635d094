import type { Db } from "~/platform/db.server";
import type { NavBadges } from "~/features/shell/navigation";
import { sqlRows } from "~/platform/sql.server";
import { registerSessionCompanion, sessionCompanion } from "~/platform/session.server";
import { COACHMARK_TYPES, type CoachmarkDto } from "~/features/shell/coachmarks.server";
import { ACTIVE_CYCLE_STATES, tourStateFrom, type TourState } from "~/features/tours/rules";

/** Spec §3 route-visibility flags, computed on the server from real data. */
export type RouteFlags = {
  "has_direct_report?": boolean;
  "rating_calibration?": boolean;
  "hr_partner_has_employees?": boolean;
  "session_admin?": boolean;
  "panelists?": boolean;
  "sign_off_party?": boolean;
  "promotions?": boolean;
  "promotion_endorser?": boolean;
  "promotion_session_admin?": boolean;
  "promotion_panelist?": boolean;
  "promotion_sign_off_party?": boolean;
  "has_user_feedback?": boolean;
};

export async function hasDirectReport(db: Db, userId: number): Promise<boolean> {
  return (await db.user.count({ where: { managerId: userId, active: true } })) > 0;
}

type MembershipKey = `${"RATING" | "PROMOTION"}:${"ADMIN" | "PANELIST" | "SIGN_OFF"}`;

/** What the shell needs about the signed-in user, read in one statement (the layout runs on every page). */
type ShellRow = {
  direct_reports: boolean;
  hr_employees: boolean;
  memberships: string[] | null;
  endorser: boolean;
  user_feedback: boolean;
  promotion_owner: boolean;
  /** bigint from a statement of its own, a number from the session's JSON (ADR 0105). */
  unread: bigint | number;
  active_cycles: bigint | number;
  coachmarks: Array<{ type: string; dismissed: boolean }> | null;
};

/** The active cycle states as an SQL literal (constants of the code, never input). */
const ACTIVE_STATES_SQL = `ARRAY[${ACTIVE_CYCLE_STATES.map((s) => `'${s}'`).join(", ")}]::text[]`;

/** The shell's SELECT list about the user whose id is the SQL expression `user`. */
function shellSelect(user: string): string {
  return `
      EXISTS (SELECT 1 FROM "User" WHERE "managerId" = ${user} AND active) AS direct_reports,
      EXISTS (SELECT 1 FROM "User" WHERE "hrPartnerId" = ${user} AND active) AS hr_employees,
      (SELECT array_agg(DISTINCT s.kind::text || ':' || m.role::text)
         FROM "CalibrationSessionMember" m JOIN "CalibrationSession" s ON s.id = m."sessionId"
        WHERE m."userId" = ${user}) AS memberships,
      EXISTS (SELECT 1 FROM "Endorsement" WHERE "endorserId" = ${user}) AS endorser,
      EXISTS (SELECT 1 FROM "UserFeedback" WHERE "userId" = ${user}) AS user_feedback,
      EXISTS (
        SELECT 1 FROM "PromotionNomination" n JOIN "Participant" p ON p.id = n."participantId"
         WHERE p."hrPartnerId" = ${user}
            OR EXISTS (SELECT 1 FROM "CalibrationSessionParticipant" sp JOIN "CalibrationSession" s ON s.id = sp."sessionId"
                        WHERE sp."participantId" = p.id AND sp.kind = 'PROMOTION' AND s."createdById" = ${user})
      ) AS promotion_owner,
      (SELECT count(*) FROM "RealtimeFeedback" WHERE "revieweeId" = ${user} AND NOT "hasBeenViewedByReviewee") AS unread,
      (SELECT count(*) FROM "Cycle" WHERE state::text = ANY(${ACTIVE_STATES_SQL})) AS active_cycles,
      (SELECT json_agg(json_build_object('type', "coachmarkType", 'dismissed', "isDismissed") ORDER BY id)
         FROM "Coachmark" WHERE "userId" = ${user}) AS coachmarks`;
}

/** A prepared statement (app/platform/sql.server.ts; ADR 0063): $1 the user. */
const SHELL_SQL = `SELECT ${shellSelect("$1::int")}`;

const SHELL_COMPANION = "shell";

/** Every page under /app renders the shell (app/routes/app.tsx): its row comes with the session's (ADR 0105). */
export function wantsShell(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname === "/app" || pathname.startsWith("/app/");
}

registerSessionCompanion({ key: SHELL_COMPANION, select: shellSelect, wanted: wantsShell });

async function shellRow(userId: number, request?: Request): Promise<ShellRow> {
  const withSession = request ? await sessionCompanion<ShellRow>(request, SHELL_COMPANION, userId) : undefined;
  if (withSession) return withSession;
  const [row] = await sqlRows<ShellRow>("pmr_shell_state", SHELL_SQL, [userId]);
  return row!;
}

/** Spec §3's flags from the user's relations (who runs promotion calibration: ADR 0028). */
function flagsFrom(row: ShellRow): RouteFlags {
  const memberships = new Set(row.memberships ?? []);
  const has = (key: MembershipKey) => memberships.has(key);
  const flags = {
    "has_direct_report?": row.direct_reports,
    "hr_partner_has_employees?": row.hr_employees,
    "session_admin?": has("RATING:ADMIN"),
    "panelists?": has("RATING:PANELIST"),
    "sign_off_party?": has("RATING:SIGN_OFF"),
    "promotion_endorser?": row.endorser,
    "promotion_session_admin?": has("PROMOTION:ADMIN") || row.promotion_owner,
    "promotion_panelist?": has("PROMOTION:PANELIST"),
    "promotion_sign_off_party?": has("PROMOTION:SIGN_OFF"),
    "has_user_feedback?": row.user_feedback,
  };
  return {
    ...flags,
    "rating_calibration?":
      flags["hr_partner_has_employees?"] || flags["session_admin?"] || flags["panelists?"] || flags["sign_off_party?"],
    "promotions?":
      flags["promotion_endorser?"] ||
      flags["promotion_session_admin?"] ||
      flags["promotion_panelist?"] ||
      flags["promotion_sign_off_party?"],
  };
}

/** The navigation flags; with the request under /app, from the row its session's statement already read (ADR 0105). */
export async function computeRouteFlags(_db: Db, userId: number, request?: Request): Promise<RouteFlags> {
  return flagsFrom(await shellRow(userId, request));
}

/**
 * The shell's data about the signed-in user in one statement (the session's, for a request under /app: ADR 0105): the navigation flags, the badge counts, the
 * coachmarks stored (known types only, in the order they were saved) and what the guided tours need.
 */
export async function loadShellState(
  userId: number,
  request?: Request,
): Promise<{ flags: RouteFlags; badges: NavBadges; coachmarks: CoachmarkDto[]; tours: TourState }> {
  const row = await shellRow(userId, request);
  const coachmarks = (row.coachmarks ?? [])
    .filter((c) => (COACHMARK_TYPES as readonly string[]).includes(c.type))
    .map((c) => ({ coachmark_type: c.type as CoachmarkDto["coachmark_type"], is_dismissed: c.dismissed }));
  return {
    flags: flagsFrom(row),
    badges: { anytime_feedback_unread: Number(row.unread) },
    coachmarks,
    tours: tourStateFrom(coachmarks, Number(row.active_cycles)),
  };
}
