import type { CycleStage } from "~/features/cycles/rules";
import type { ManagerFeedbackState } from "~/features/manager-review/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The home page's to-do list (ADR 0036): PURE types shared by the rules, the service, the API contract and
 * the components.
 */

export const HOME_ITEM_KINDS = [
  "choose_peers",
  "answer_peer_request",
  "write_self_review",
  "write_feedback",
  "write_manager_feedback",
  "nominate",
  "answer_endorsement",
  "write_endorsement",
  "activate_session",
  "run_session",
  "review_session",
  "sign_off_session",
] as const;
export type HomeItemKind = (typeof HOME_ITEM_KINDS)[number];

/** Where an item's deadline comes from. */
export type DeadlineSource = "cycle" | "endorsement" | "session";

/** A text as a translation key and its values (issue 28): what the page shows in the reader's language. */
export type HomeMessage = { key: TranslationKey; values?: Record<string, string | number> };

/**
 * One thing waiting for the viewer, with its deadline and the page where it is done. `text` is the page's: the same
 * label, title and detail as keys (the API's response schema leaves it out and answers the English strings).
 */
export type HomeItem = {
  kind: HomeItemKind;
  /** The group it belongs to, e.g. "360 feedback", "Rating calibration". */
  kind_label: string;
  title: string;
  detail: string | null;
  /** YYYY-MM-DD (UTC), or null when neither the item nor the cycle has one. */
  deadline: string | null;
  deadline_source: DeadlineSource;
  overdue: boolean;
  link: string;
  text: { label: TranslationKey; title: HomeMessage; detail: HomeMessage | null };
};

export type SelfReviewState = "not_requested" | "not_started" | "draft" | "submitted";
export type PeerSelectionState = "not_chosen" | "chosen" | "not_applicable";
export type TeamManagerFeedbackState = ManagerFeedbackState | "not_applicable";

/** One direct report's progress, as their manager may see it: statuses and counts, never content. */
export type TeamMember = {
  email: string;
  name: string;
  job_title: string | null;
  reviewer_only: boolean;
  self_review: SelfReviewState;
  peer_selection: { state: PeerSelectionState; requested: number; accepted: number; declined: number };
  manager_feedback: TeamManagerFeedbackState;
};

export type TeamProgress = {
  total: number;
  /** Reports who receive feedback (not reviewer-only): the base of the counts below. */
  reviewed: number;
  self_reviews_submitted: number;
  peers_chosen: number;
  manager_feedback_submitted: number;
  members: TeamMember[];
  link: string;
};

export type NextStep = { text: string; link: string | null };

export type HomeCycle = { id: number; name: string; state: CycleStage; stage_label: string; start_date: string | null; planned_end_date: string | null };

/** GET /api/v1/cycles/{cycle_id}/home and the page's list. */
export type HomeJson = {
  cycle: HomeCycle;
  items: HomeItem[];
  counts: { total: number; overdue: number };
  /** For a manager with direct reports in the cycle; null otherwise. */
  team: TeamProgress | null;
  /** What comes next in the cycle (the empty state says it). */
  next_step: NextStep;
};

/** The viewer's part in the cycle (the page's cycle card). */
export type HomeOverview = {
  participant: { reviewer_only: boolean; manager: { name: string; email: string } | null; hr_partner: { name: string; email: string } | null } | null;
  direct_reports: number;
  secondary_reports: number;
  participants: number;
};

type CycleOption = { id: number; name: string };

/** What waits for the viewer in another started cycle than the one shown (issue 26 §4): Home lists it by cycle. */
export type HomeElsewhere = { cycle: HomeCycle; items: HomeItem[]; counts: HomeJson["counts"] };

/** The /app/home loader's data. */
export type HomePageData =
  | { kind: "none" | "invalid"; message: string; cycles: CycleOption[]; name: string }
  | { kind: "selected"; cycles: CycleOption[]; name: string; home: HomeJson; overview: HomeOverview; elsewhere: HomeElsewhere[] };
