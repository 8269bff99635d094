/**
 * Guided tours (spec §3 coachmark types, §4, §9; ADR 0031): which tour applies where, and the tours' steps as data.
 *
 * PURE module: no imports but a type, safe in the browser, on the server and in the browser tests (tests/e2e/fixtures.ts).
 * A step's title and text are translation keys (issue 28): the tooltip shows them in the reader's language.
 * `user_feedback` is a coachmark too, but it belongs to the feedback dialog, not to a tour.
 */

import type { TranslationKey } from "~/platform/i18n/locales/types";

/** The coachmark types that are guided tours, in the order they are offered (the navigation first). */
export const TOUR_TYPES = [
  "sidebar_routes_v1",
  "direct_report_feedback_summary_cycle_switcher",
  "direct_report_feedback",
  "peer_stakeholder_selection",
  "promotion_calibration_panelist",
  "multiple_active_cycle_switcher",
] as const;
export type TourType = (typeof TOUR_TYPES)[number];

/** Spec §9: the layer of the overlay (the tooltip sits one above it). */
export const TOUR_Z_INDEX = 2000;
/* Spec §9: the last step's button says "Dismiss" (tours.last). */

export type TourPlacement = "top" | "bottom" | "left" | "right" | "auto";
/** One step: a CSS selector for its target (the first match), a title and a text (translation keys). */
export type TourStep = { target: string; title: TranslationKey; content: TranslationKey; placement?: TourPlacement };

const testId = (id: string) => `[data-testid="${id}"]`;
/** The first element whose data-testid starts with `prefix` (e.g. the first nomination's vote form). */
const firstTestId = (prefix: string) => `[data-testid^="${prefix}"]`;

/** A tour tied to a page: the address it starts on and its steps. */
type PageTour = { path: RegExp; steps: TourStep[] };

export const PAGE_TOURS: Record<Exclude<TourType, "sidebar_routes_v1" | "multiple_active_cycle_switcher">, PageTour> = {
  direct_report_feedback_summary_cycle_switcher: {
    path: /^\/app\/my-reportees\/[^/]+\/feedback\/summary\/?$/,
    steps: [
      {
        target: testId("cycle-switcher"),
        title: "tours.summary.cycleSwitcher.title",
        content: "tours.summary.cycleSwitcher.content",
      },
      {
        target: testId("reviewer-feedback-link"),
        title: "tours.summary.byReviewer.title",
        content: "tours.summary.byReviewer.content",
      },
      { target: testId("download-pdf"), title: "tours.summary.download.title", content: "tours.summary.download.content" },
    ],
  },
  direct_report_feedback: {
    path: /^\/app\/my-reportees\/[^/]+\/feedback\/?$/,
    steps: [
      {
        target: testId("reviewers-table"),
        title: "tours.reportFeedback.reviewers.title",
        content: "tours.reportFeedback.reviewers.content",
      },
      {
        target: testId("manager-feedback-form"),
        title: "tours.reportFeedback.managerFeedback.title",
        content: "tours.reportFeedback.managerFeedback.content",
      },
      { target: testId("report-summary-link"), title: "tours.reportFeedback.summary.title", content: "tours.reportFeedback.summary.content" },
      { target: testId("report-promotion-link"), title: "tours.reportFeedback.promotion.title", content: "tours.reportFeedback.promotion.content" },
    ],
  },
  peer_stakeholder_selection: {
    path: /^\/app\/performance\/peer-finalization\/?$/,
    steps: [
      {
        target: testId("peer-counters"),
        title: "tours.peers.counters.title",
        content: "tours.peers.counters.content",
      },
      {
        target: testId("mandatory-reviewers"),
        title: "tours.peers.mandatory.title",
        content: "tours.peers.mandatory.content",
      },
      {
        target: testId("peer-add-form"),
        title: "tours.peers.add.title",
        content: "tours.peers.add.content",
      },
      {
        target: testId("peers-table"),
        title: "tours.peers.requests.title",
        content: "tours.peers.requests.content",
      },
      {
        target: testId("incoming-requests"),
        title: "tours.peers.incoming.title",
        content: "tours.peers.incoming.content",
      },
    ],
  },
  promotion_calibration_panelist: {
    path: /^\/app\/promotions\/calibration-panelist\/sessions\/[^/]+\/?$/,
    steps: [
      { target: testId("session-state"), title: "tours.promotionPanel.state.title", content: "tours.promotionPanel.state.content" },
      { target: testId("my-vote-count"), title: "tours.promotionPanel.progress.title", content: "tours.promotionPanel.progress.content" },
      {
        target: firstTestId("nomination-tally-"),
        title: "tours.promotionPanel.tally.title",
        content: "tours.promotionPanel.tally.content",
      },
      { target: firstTestId("vote-form-"), title: "tours.promotionPanel.vote.title", content: "tours.promotionPanel.vote.content" },
      {
        target: firstTestId("discussion-toggle-"),
        title: "tours.promotionPanel.discussion.title",
        content: "tours.promotionPanel.discussion.content",
      },
    ],
  },
};

/** `multiple_active_cycle_switcher`: on any page with the cycle switcher, once more than one cycle is active. */
export const MULTIPLE_ACTIVE_CYCLES_STEPS: TourStep[] = [
  {
    target: testId("cycle-switcher"),
    title: "tours.multipleCycles.cycleSwitcher.title",
    content: "tours.multipleCycles.cycleSwitcher.content",
  },
];

/** `sidebar_routes_v1`: one step per visible navigation group (data-testid nav-group-{id}). */
export const SIDEBAR_GROUP_TEXTS: Record<string, { title: TranslationKey; content: TranslationKey }> = {
  "super-admin": {
    title: "tours.sidebar.superAdmin.title",
    content: "tours.sidebar.superAdmin.content",
  },
  home: { title: "tours.sidebar.home.title", content: "tours.sidebar.home.content" },
  "performance-cycle": {
    title: "tours.sidebar.performanceCycle.title",
    content: "tours.sidebar.performanceCycle.content",
  },
  "rating-calibration": { title: "tours.sidebar.ratingCalibration.title", content: "tours.sidebar.ratingCalibration.content" },
  "promotions-calibration": {
    title: "tours.sidebar.promotionsCalibration.title",
    content: "tours.sidebar.promotionsCalibration.content",
  },
  insights: { title: "tours.sidebar.insights.title", content: "tours.sidebar.insights.content" },
  "performance-report": { title: "tours.sidebar.performanceReport.title", content: "tours.sidebar.performanceReport.content" },
  guidelines: { title: "tours.sidebar.guidelines.title", content: "tours.sidebar.guidelines.content" },
  "anytime-feedback": { title: "tours.sidebar.anytimeFeedback.title", content: "tours.sidebar.anytimeFeedback.content" },
};

/** The sidebar tour's steps for the groups this user sees (a group without a text gets a generic one). */
export function sidebarTourSteps(groupIds: readonly string[]): TourStep[] {
  return groupIds.map((id) => {
    const text = SIDEBAR_GROUP_TEXTS[id] ?? { title: "tours.sidebar.other.title", content: "tours.sidebar.other.content" };
    return { target: testId(`nav-group-${id}`), title: text.title, content: text.content, placement: "right" };
  });
}

/** Database cycle states (Prisma enum CycleState) counted as active: started and not yet in communication. */
export const ACTIVE_CYCLE_STATES = ["START", "SPU_FEEDBACK", "MANAGER_FEEDBACK", "CALIBRATION"] as const;

/** What the /app layout loads for the tours (with the shell's data, features/shell/navigation.server.ts). */
export type TourState = { dismissed: TourType[]; activeCycles: number };

/**
 * What the guided tours need to know about the signed-in user (ADR 0031): the tours the user has dismissed
 * (coachmarks with is_dismissed) and how many cycles are active (started, not yet in communication: the cycle
 * switcher then matters).
 */
export function tourStateFrom(coachmarks: ReadonlyArray<{ coachmark_type: string; is_dismissed: boolean }>, activeCycles: number): TourState {
  const dismissed = coachmarks.filter((c) => c.is_dismissed).map((c) => c.coachmark_type).filter(isTourType);
  return { dismissed, activeCycles };
}

export type TourContext = {
  pathname: string;
  /** Tour types stored as dismissed for the user (or dismissed in this page's lifetime). */
  dismissed: readonly string[];
  /** Cycles in an active state (ACTIVE_CYCLE_STATES). */
  activeCycles: number;
  /** An admin viewing as another user: no tour (its dismissal would be stored on the viewed user). */
  spoofing: boolean;
  /** The feedback dialog opens by itself on this page: no tour on top of it. */
  feedbackDialogPending: boolean;
};

/** The tours that may start here, in order (the navigation first); the first with a visible step runs. */
export function tourCandidates(ctx: TourContext): TourType[] {
  if (ctx.spoofing || ctx.feedbackDialogPending || !ctx.pathname.startsWith("/app/")) return [];
  const open = (type: TourType) => !ctx.dismissed.includes(type);
  const out: TourType[] = [];
  if (open("sidebar_routes_v1")) out.push("sidebar_routes_v1");
  for (const [type, tour] of Object.entries(PAGE_TOURS) as Array<[TourType, PageTour]>) {
    if (open(type) && tour.path.test(ctx.pathname)) out.push(type);
  }
  if (open("multiple_active_cycle_switcher") && ctx.activeCycles > 1) out.push("multiple_active_cycle_switcher");
  return out;
}

/** A tour's steps before filtering (the sidebar's depend on the visible groups). */
export function tourSteps(type: TourType, navGroupIds: readonly string[]): TourStep[] {
  if (type === "sidebar_routes_v1") return sidebarTourSteps(navGroupIds);
  if (type === "multiple_active_cycle_switcher") return MULTIPLE_ACTIVE_CYCLES_STEPS;
  return PAGE_TOURS[type].steps;
}

/** Spec §4: a step whose target is missing or not visible is skipped. */
export function visibleSteps(steps: readonly TourStep[], isVisible: (selector: string) => boolean): TourStep[] {
  return steps.filter((s) => isVisible(s.target));
}

/** The tour to run now and its steps, or null: the first candidate with at least one visible step. */
export function pickTour(
  ctx: TourContext,
  navGroupIds: readonly string[],
  isVisible: (selector: string) => boolean,
): { type: TourType; steps: TourStep[] } | null {
  for (const type of tourCandidates(ctx)) {
    const steps = visibleSteps(tourSteps(type, navGroupIds), isVisible);
    if (steps.length > 0) return { type, steps };
  }
  return null;
}

export function isTourType(value: string): value is TourType {
  return (TOUR_TYPES as readonly string[]).includes(value);
}
