import type { Db } from "~/platform/db.server";
import type { NavBadges } from "~/features/shell/navigation";
import { sqlRows } from "~/platform/sql.server";
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
  unread: bigint;
  active_cycles: bigint;
  coachmarks: Array<{ type: string; dismissed: boolean }> | null;
};

/** A prepared statement (app/platform/sql.server.ts; ADR 0063): $1 the user, $2 the active cycle states. */
const SHELL_SQL = `
    SELECT
      EXISTS (SELECT 1 FROM "User" WHERE "managerId" = $1::int AND active) AS direct_reports,
      EXISTS (SELECT 1 FROM "User" WHERE "hrPartnerId" = $1::int AND active) AS hr_employees,
      (SELECT array_agg(DISTINCT s.kind::text || ':' || m.role::text)
         FROM "CalibrationSessionMember" m JOIN "CalibrationSession" s ON s.id = m."sessionId"
        WHERE m."userId" = $1::int) AS memberships,
      EXISTS (SELECT 1 FROM "Endorsement" WHERE "endorserId" = $1::int) AS endorser,
      EXISTS (SELECT 1 FROM "UserFeedback" WHERE "userId" = $1::int) AS user_feedback,
      EXISTS (
        SELECT 1 FROM "PromotionNomination" n JOIN "Participant" p ON p.id = n."participantId"
         WHERE p."hrPartnerId" = $1::int
            OR EXISTS (SELECT 1 FROM "CalibrationSessionParticipant" sp JOIN "CalibrationSession" s ON s.id = sp."sessionId"
                        WHERE sp."participantId" = p.id AND sp.kind = 'PROMOTION' AND s."createdById" = $1::int)
      ) AS promotion_owner,
      (SELECT count(*) FROM "RealtimeFeedback" WHERE "revieweeId" = $1::int AND NOT "hasBeenViewedByReviewee") AS unread,
      (SELECT count(*) FROM "Cycle" WHERE state::text = ANY($2::text[])) AS active_cycles,
      (SELECT json_agg(json_build_object('type', "coachmarkType", 'dismissed', "isDismissed") ORDER BY id)
         FROM "Coachmark" WHERE "userId" = $1::int) AS coachmarks`;

function shellRow(userId: number): Promise<ShellRow[]> {
  return sqlRows<ShellRow>("pmr_shell_state", SHELL_SQL, [userId, [...ACTIVE_CYCLE_STATES]]);
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

export async function computeRouteFlags(_db: Db, userId: number): Promise<RouteFlags> {
  const [row] = await shellRow(userId);
  return flagsFrom(row!);
}

/**
 * The shell's data about the signed-in user in one statement: the navigation flags, the badge counts, the
 * coachmarks stored (known types only, in the order they were saved) and what the guided tours need.
 */
export async function loadShellState(userId: number): Promise<{ flags: RouteFlags; badges: NavBadges; coachmarks: CoachmarkDto[]; tours: TourState }> {
  const [row] = await shellRow(userId);
  const coachmarks = (row!.coachmarks ?? [])
    .filter((c) => (COACHMARK_TYPES as readonly string[]).includes(c.type))
    .map((c) => ({ coachmark_type: c.type as CoachmarkDto["coachmark_type"], is_dismissed: c.dismissed }));
  return {
    flags: flagsFrom(row!),
    badges: { anytime_feedback_unread: Number(row!.unread) },
    coachmarks,
    tours: tourStateFrom(coachmarks, Number(row!.active_cycles)),
  };
}
