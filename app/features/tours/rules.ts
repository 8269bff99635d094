/**
 * Guided tours (spec §3 coachmark types, §4, §9; ADR 0031): which tour applies where, and the tours' steps as data.
 *
 * PURE module: no imports, safe in the browser, on the server and in the browser tests (tests/e2e/fixtures.ts).
 * `user_feedback` is a coachmark too, but it belongs to the feedback dialog, not to a tour.
 */

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
/** Spec §9: the label of the last step's button. */
export const TOUR_LAST_LABEL = "Dismiss";

export type TourPlacement = "top" | "bottom" | "left" | "right" | "auto";
/** One step: a CSS selector for its target (the first match), a title and a text. */
export type TourStep = { target: string; title: string; content: string; placement?: TourPlacement };

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
        title: "Earlier cycles",
        content: "Switch the cycle here to read this person's feedback summary of an earlier review cycle.",
      },
      {
        target: testId("reviewer-feedback-link"),
        title: "Feedback by reviewer",
        content: "Open the feedback each reviewer wrote about this person.",
      },
      { target: testId("download-pdf"), title: "Download", content: "Download the summary as a PDF, for example to prepare your conversation." },
    ],
  },
  direct_report_feedback: {
    path: /^\/app\/my-reportees\/[^/]+\/feedback\/?$/,
    steps: [
      {
        target: testId("reviewers-table"),
        title: "Feedback from reviewers",
        content: "Everyone asked for feedback about your direct report, with the status of their feedback. Read each one once it is submitted.",
      },
      {
        target: testId("manager-feedback-form"),
        title: "Your manager feedback",
        content: "Write your own feedback here. Save a draft at any time and submit it during the manager feedback stage.",
      },
      { target: testId("report-summary-link"), title: "Feedback summary", content: "All feedback about this person, summed up per question." },
      { target: testId("report-promotion-link"), title: "Promotion nomination", content: "Nominate this person for promotion in this cycle." },
    ],
  },
  peer_stakeholder_selection: {
    path: /^\/app\/performance\/peer-finalization\/?$/,
    steps: [
      {
        target: testId("peer-counters"),
        title: "Your selection",
        content: "How many peers and stakeholders you asked, how many accepted and how many have yet to answer.",
      },
      {
        target: testId("mandatory-reviewers"),
        title: "Mandatory reviewers",
        content: "They come from the organisation (you, your manager, your direct reports, matrix manager and team) and always give feedback.",
      },
      {
        target: testId("peer-add-form"),
        title: "Ask a peer or stakeholder",
        content: "Choose people you worked with in the last 6 months. No more than 7 accepted requests are advised.",
      },
      {
        target: testId("peers-table"),
        title: "Your requests",
        content: "Follow each request here. You can withdraw a request until it is accepted.",
      },
      {
        target: testId("incoming-requests"),
        title: "Requests to you",
        content: "Colleagues who ask you for feedback appear here: accept or decline each request.",
      },
    ],
  },
  promotion_calibration_panelist: {
    path: /^\/app\/promotions\/calibration-panelist\/sessions\/[^/]+\/?$/,
    steps: [
      { target: testId("session-state"), title: "Session state", content: "You vote while the session is active or being revised." },
      { target: testId("my-vote-count"), title: "Your progress", content: "How many of the session's nominations you have voted on." },
      {
        target: firstTestId("nomination-tally-"),
        title: "The panel's votes",
        content: "Each nomination shows the rationale, the endorsements and how the panel voted so far.",
      },
      { target: firstTestId("vote-form-"), title: "Your vote", content: "Cast or change your vote, with a note for the panel." },
      {
        target: firstTestId("discussion-toggle-"),
        title: "Discussion",
        content: "Open the nomination's comments and the nominee's feedback summary.",
      },
    ],
  },
};

/** `multiple_active_cycle_switcher`: on any page with the cycle switcher, once more than one cycle is active. */
export const MULTIPLE_ACTIVE_CYCLES_STEPS: TourStep[] = [
  {
    target: testId("cycle-switcher"),
    title: "Several active cycles",
    content: "More than one review cycle is running. Choose the cycle you want to work on here; the page keeps your choice in its address.",
  },
];

/** `sidebar_routes_v1`: one step per visible navigation group (data-testid nav-group-{id}). */
export const SIDEBAR_GROUP_TEXTS: Record<string, { title: string; content: string }> = {
  "super-admin": {
    title: "Super Admin",
    content: "Manage users, read the audit log, set up and run review cycles, calibration sessions and the promotion dashboard.",
  },
  home: { title: "Home", content: "Your starting point: the selected review cycle and what it asks of you." },
  "performance-cycle": {
    title: "Performance Cycle",
    content: "Check your profile, choose your peers and stakeholders, give 360 feedback and, as a manager, write your team's feedback.",
  },
  "rating-calibration": { title: "Rating Calibration", content: "The rating calibration sessions you run, sit on or sign off." },
  "promotions-calibration": {
    title: "Promotions Calibration",
    content: "Endorsement requests and the promotion sessions you run, sit on as a panelist or sign off.",
  },
  "performance-report": { title: "Performance Report", content: "Your final assessment and your performance trends across cycles." },
  guidelines: { title: "Guidelines", content: "The general guideline of the review process." },
  "anytime-feedback": { title: "Anytime Feedback", content: "Give and read feedback at any time, outside the review cycle." },
};

/** The sidebar tour's steps for the groups this user sees (a group without a text gets a generic one). */
export function sidebarTourSteps(groupIds: readonly string[]): TourStep[] {
  return groupIds.map((id) => {
    const text = SIDEBAR_GROUP_TEXTS[id] ?? { title: "Navigation", content: "Another part of the product you can reach from here." };
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
