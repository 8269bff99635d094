import { nextStage, type CycleStage } from "~/features/cycles/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { HomeCycle, HomeMessage, NextStep, PeerSelectionState, SelfReviewState, TeamManagerFeedbackState } from "~/features/home/types";

/**
 * The home page's texts as translation keys (issue 28), beside the English the API answers (./rules.ts): the stage's
 * chip, what comes next and the team's states. PURE: the page renders them with `t` in the reader's language.
 */

export { STAGE_KEYS } from "~/features/cycles/stage-keys";

const NEXT_KEYS: Record<CycleStage, TranslationKey> = {
  draft: "home.next.draft",
  start: "home.next.start",
  spu_feedback: "home.next.spu_feedback",
  manager_feedback: "home.next.manager_feedback",
  calibration: "home.next.calibration",
  communication: "home.next.communication",
};

/** What comes next, as rules.ts `nextStep` says it, in sentences (a link to the report: the viewer has one). */
export function nextStepMessages(cycle: Pick<HomeCycle, "state" | "start_date" | "planned_end_date">, next: NextStep): HomeMessage[] {
  if (cycle.state === "communication") return [{ key: next.link ? "home.next.communication" : "home.next.complete" }];
  if (cycle.state === "draft") return [cycle.start_date ? { key: "home.next.draftOn", values: { date: cycle.start_date } } : { key: "home.next.draft" }];
  const first: HomeMessage = { key: NEXT_KEYS[cycle.state] };
  return nextStage(cycle.state) && cycle.planned_end_date ? [first, { key: "home.next.plannedEnd", values: { date: cycle.planned_end_date } }] : [first];
}

export const TEAM_STATE_KEYS: Record<SelfReviewState | PeerSelectionState | TeamManagerFeedbackState, TranslationKey> = {
  not_requested: "home.team.state.not_requested",
  not_started: "home.team.state.not_started",
  draft: "home.team.state.draft",
  submitted: "home.team.state.submitted",
  not_chosen: "home.team.state.not_chosen",
  chosen: "home.team.state.chosen",
  not_applicable: "home.team.state.not_applicable",
};
