import type { Db } from "~/platform/db.server";
import type { NavBadges } from "~/features/shell/navigation";
import { receivedUnreadCount } from "~/features/anytime-feedback/model.server";

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

/** The counts next to navigation items: one indexed count (unread anytime feedback). */
export async function navigationBadges(db: Db, userId: number): Promise<NavBadges> {
  return { anytime_feedback_unread: await receivedUnreadCount(db, userId) };
}

export async function computeRouteFlags(db: Db, userId: number): Promise<RouteFlags> {
  const [directReports, hrEmployees, memberships, endorsements, feedbacks, promotionOwner] = await Promise.all([
    db.user.count({ where: { managerId: userId, active: true } }),
    db.user.count({ where: { hrPartnerId: userId, active: true } }),
    db.calibrationSessionMember.findMany({
      where: { userId },
      select: { role: true, session: { select: { kind: true } } },
    }),
    db.endorsement.count({ where: { endorserId: userId } }),
    db.userFeedback.count({ where: { userId } }),
    // Who runs promotion calibration (ADR 0028): the HR partner of nominated people, or of a promotion session they created.
    db.promotionNomination.count({ where: { OR: [{ participant: { hrPartnerId: userId } }, { participant: { calibrations: { some: { kind: "PROMOTION", session: { createdById: userId } } } } }] }, take: 1 }),
  ]);
  const has = (kind: "RATING" | "PROMOTION", role: "ADMIN" | "PANELIST" | "SIGN_OFF") =>
    memberships.some((m) => m.role === role && m.session.kind === kind);

  const flags = {
    "has_direct_report?": directReports > 0,
    "hr_partner_has_employees?": hrEmployees > 0,
    "session_admin?": has("RATING", "ADMIN"),
    "panelists?": has("RATING", "PANELIST"),
    "sign_off_party?": has("RATING", "SIGN_OFF"),
    "promotion_endorser?": endorsements > 0,
    "promotion_session_admin?": has("PROMOTION", "ADMIN") || promotionOwner > 0,
    "promotion_panelist?": has("PROMOTION", "PANELIST"),
    "promotion_sign_off_party?": has("PROMOTION", "SIGN_OFF"),
    "has_user_feedback?": feedbacks > 0,
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
