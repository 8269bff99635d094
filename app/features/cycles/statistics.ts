import type { CycleStage } from "~/features/cycles/rules";
import type { ReviewerTypeValue } from "~/features/participants/rules";

/**
 * The progress of a cycle as statistics.server.ts computes it and the statistics panel shows it
 * (pure types: no server module, safe in components).
 */

export type FeedbackTypeStats = {
  reviewer_type: ReviewerTypeValue;
  label: string;
  stage: "spu_feedback" | "manager_feedback";
  /** Mandatory (reviewee, reviewer) pairs of this type plus any other feedback rows of this type. */
  expected: number;
  submitted: number;
  draft: number;
  not_started: number;
};

export type ProgressItem = {
  key: "spu_feedback" | "manager_feedback" | "calibrated_ratings" | "promotion_decisions";
  stage: CycleStage;
  label: string;
  total: number;
  done: number;
  in_progress: number;
  pending: number;
};

export type CycleStatistics = {
  cycle_id: number;
  state: CycleStage;
  participants: { total: number; reviewer_only: number; receiving_feedback: number };
  progress: ProgressItem[];
  feedback_by_reviewer_type: FeedbackTypeStats[];
  calibrated_ratings: { total: number; rated: number; pending: number; by_rating: Record<string, number> };
  promotion_decisions: { nominated: number; decided: number; pending: number; by_decision: Record<string, number> };
};
