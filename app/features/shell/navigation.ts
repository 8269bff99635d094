/** The side navigation of spec §2: groups, items, hover texts and the flags that show them. */
export type FlagName =
  | "has_direct_report?"
  | "rating_calibration?"
  | "hr_partner_has_employees?"
  | "session_admin?"
  | "panelists?"
  | "sign_off_party?"
  | "promotions?"
  | "promotion_endorser?"
  | "promotion_session_admin?"
  | "promotion_panelist?"
  | "promotion_sign_off_party?";

/** A count the shell shows next to an item (the loader computes it: navigation.server.ts). */
export type BadgeName = "anytime_feedback_unread";
export type NavBadges = Partial<Record<BadgeName, number>>;

/** `superAdmin`: shown to super admins too, whatever the flag (the fairness insights: super admins and HR partners). */
export type NavItem = { to: string; label: TranslationKey; info: TranslationKey; flag?: FlagName; superAdmin?: boolean; external?: boolean; badge?: BadgeName };
export type NavGroup = { id: string; title?: TranslationKey; superAdminOnly?: boolean; flag?: FlagName; items: NavItem[] };

export function navigationGroups(generalGuidelineUrl: string): NavGroup[] {
  return [
    {
      id: "super-admin",
      title: "nav.superAdmin",
      superAdminOnly: true,
      items: [
        { to: "/app/admin/users", label: "nav.users", info: "nav.usersInfo" },
        { to: "/app/admin/audits", label: "nav.audit", info: "nav.auditInfo" },
        { to: "/app/admin/cycles", label: "nav.cycles", info: "nav.cyclesInfo" },
        { to: "/app/admin/calibration-sessions", label: "nav.calibrationSessions", info: "nav.calibrationSessionsInfo" },
        { to: "/app/admin/promotion-dashboard", label: "nav.promotionDashboard", info: "nav.promotionDashboardInfo" },
      ],
    },
    { id: "home", items: [{ to: "/app/home", label: "nav.home", info: "nav.homeInfo" }] },
    {
      id: "performance-cycle",
      title: "nav.performanceCycle",
      items: [
        { to: "/app/performance/prep", label: "nav.prep", info: "nav.prepInfo" },
        { to: "/app/performance/peer-finalization", label: "nav.peerSelection", info: "nav.peerSelectionInfo" },
        {
          to: "/app/my-reportees/peer-finalization",
          label: "nav.teamPeerSelection",
          info: "nav.teamPeerSelectionInfo",
          flag: "has_direct_report?",
        },
        { to: "/app/performance/spu-feedback", label: "nav.spuFeedback", info: "nav.spuFeedbackInfo" },
        {
          to: "/app/my-reportees/feedbacks",
          label: "nav.managerFeedback",
          info: "nav.managerFeedbackInfo",
          flag: "has_direct_report?",
        },
      ],
    },
    {
      id: "rating-calibration",
      title: "nav.ratingCalibration",
      flag: "rating_calibration?",
      items: [
        { to: "/app/ratings/hr-partners", label: "nav.hrPartners", info: "nav.hrPartnersInfo", flag: "hr_partner_has_employees?" },
        {
          to: "/app/session-admin/calibration-sessions",
          label: "nav.sessionAdmin",
          info: "nav.sessionAdminInfo",
          flag: "session_admin?",
        },
        {
          to: "/app/ratings/calibration-panelist/sessions",
          label: "nav.panelist",
          info: "nav.panelistInfo",
          flag: "panelists?",
        },
        {
          to: "/app/sign-off-party/calibration-sessions",
          label: "nav.signOffParty",
          info: "nav.signOffPartyInfo",
          flag: "sign_off_party?",
        },
      ],
    },
    {
      id: "promotions-calibration",
      title: "nav.promotionsCalibration",
      flag: "promotions?",
      items: [
        { to: "/app/promotions/endorsements", label: "nav.endorsements", info: "nav.endorsementsInfo", flag: "promotion_endorser?" },
        {
          to: "/app/promotions/hr-partners/nominations",
          label: "nav.promotionSessionAdmin",
          info: "nav.promotionSessionAdminInfo",
          flag: "promotion_session_admin?",
        },
        {
          to: "/app/promotions/calibration-panelist/sessions",
          label: "nav.promotionPanelist",
          info: "nav.promotionPanelistInfo",
          flag: "promotion_panelist?",
        },
        {
          to: "/app/promotions/sign-off-party/sessions",
          label: "nav.promotionSignOff",
          info: "nav.promotionSignOffInfo",
          flag: "promotion_sign_off_party?",
        },
      ],
    },
    {
      id: "insights",
      items: [{ to: "/app/insights", label: "nav.insights", info: "nav.insightsInfo", flag: "hr_partner_has_employees?", superAdmin: true }],
    },
    {
      id: "performance-report",
      title: "nav.performanceReport",
      items: [
        { to: "/app/performance/final-assessment", label: "nav.finalAssessment", info: "nav.finalAssessmentInfo" },
        { to: "/app/performance-dashboard", label: "nav.dashboard", info: "nav.dashboardInfo" },
      ],
    },
    {
      id: "guidelines",
      title: "nav.guidelines",
      // The product's own guideline is a page of the app (ADR 0058); a company's GENERAL_GUIDELINE_URL opens apart.
      items: [{ to: generalGuidelineUrl, label: "nav.generalGuideline", info: "nav.generalGuidelineInfo", external: !generalGuidelineUrl.startsWith("/app/") }],
    },
    { id: "anytime-feedback", items: [{ to: "/app/anytime-feedback", label: "nav.anytimeFeedback", info: "nav.anytimeFeedbackInfo", badge: "anytime_feedback_unread" }] },
  ];
}

/** Groups and items this user may see. */
export function visibleNavigation(
  groups: NavGroup[],
  flags: Partial<Record<FlagName, boolean>>,
  isSuperAdmin: boolean,
): NavGroup[] {
  return groups
    .filter((g) => (!g.superAdminOnly || isSuperAdmin) && (!g.flag || flags[g.flag]))
    .map((g) => ({ ...g, items: g.items.filter((i) => !i.flag || flags[i.flag] || (i.superAdmin && isSuperAdmin)) }))
    .filter((g) => g.items.length > 0);
}import type { TranslationKey } from "~/platform/i18n/locales/types";

