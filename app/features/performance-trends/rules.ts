/**
 * Performance trends (issue 15 item 2; docs/decisions/0030-performance-trends.md): which of a person's cycles a
 * viewer may read, when a calibrated rating shows, and how a cycle's peer or upward statistics are computed.
 * Every visibility decision is the feedback summaries' own (app/features/summaries/visibility.ts): the same doors,
 * the same stage rules, the same anonymity threshold.
 *
 * PURE module (no Node or browser imports): used by the service, the pages and the unit tests.
 */
import type { CycleStage } from "~/features/cycles/rules";
import type { ReviewerType } from "~/features/questionnaires/rules";
import type { SummarySection } from "~/features/summaries/rules";
import type { ReviewerNames } from "~/features/cycles/reviewer-names";
import { ANONYMITY_THRESHOLD, canSeeOutcome, isReportOpen, summaryAccess, type SummaryAccess, type SummaryDoor, type SummarySubject, type SummaryViewer } from "~/features/summaries/visibility";
import type { StatsKind, StatsPoint, TrendCycle, TrendRelationship } from "~/features/performance-trends/types";

export { ANONYMITY_THRESHOLD };

/** How many cycles a trend shows by default (the latest), and at most (`?limit=`). */
export const TREND_CYCLES_DEFAULT = 8;
export const TREND_CYCLES_MAX = 20;

/** The reviewer type behind each statistic: peers, and for upward feedback the direct reports. */
export const STATS_REVIEWER_TYPE: Record<StatsKind, Extract<ReviewerType, "PEER" | "DIRECT_REPORT">> = { peer: "PEER", upward: "DIRECT_REPORT" };
export const STATS_LABEL: Record<StatsKind, string> = { peer: "Peer feedback", upward: "Upward feedback" };

/** Stages in which a calibrated rating can exist (it is set in calibration). */
export const RATING_STAGES = ["calibration", "communication"] as const satisfies readonly CycleStage[];

// ---------------------------------------------------------------------------------------------
// Who reads what

/**
 * The summaries' door through which `viewer` reads `subject` in a cycle in `stage`: a person reads their own
 * cycles only through the own door (even a super admin); anyone else through the first of direct_report,
 * secondary_report, admin that opens. The result is the summaries' access (or refusal) unchanged.
 */
export function trendAccess(viewer: SummaryViewer, subject: SummarySubject, stage: CycleStage, names?: ReviewerNames): SummaryAccess {
  const doors: SummaryDoor[] = viewer.userId === subject.userId ? ["own"] : ["direct_report", "secondary_report", "admin"];
  let refused: SummaryAccess | null = null;
  for (const door of doors) {
    const access = summaryAccess(door, viewer, subject, stage, names);
    if (access.ok) return access;
    if (!refused || access.reason === "not_yet_open") refused = access;
  }
  return refused!;
}

/**
 * Whether a viewer who reads a cycle as `role` sees the calibrated rating: the person once the report is open
 * (communication, as the Performance Cycle Report), their manager in that cycle as everywhere else (canSeeOutcome),
 * only in the stages where a rating exists. Secondary managers and super admins read no ratings here.
 */
export function ratingVisible(role: "reviewee" | "manager", stage: CycleStage): boolean {
  return canSeeOutcome(role, stage) && (RATING_STAGES as readonly CycleStage[]).includes(stage);
}

/** Whether a rating seen in `stage` is final (communication) or may still change in calibration. */
export const isRatingFinal = (stage: CycleStage) => isReportOpen(stage);

/** What the viewer is to the person, for the header: self, then manager, secondary manager, super admin; else null (403). */
export function relationshipOf(input: { self: boolean; manager: boolean; secondaryManager: boolean; superAdmin: boolean }): TrendRelationship | null {
  if (input.self) return "self";
  if (input.manager) return "manager";
  if (input.secondaryManager) return "secondary_manager";
  if (input.superAdmin) return "admin";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Ordering

/** Oldest first: by start date (else planned end date), cycles without dates last, then by id. */
export function chronological<T extends Pick<TrendCycle, "id" | "start_date" | "planned_end_date">>(cycles: readonly T[]): T[] {
  const key = (c: T) => c.start_date ?? c.planned_end_date ?? "9999-12-31";
  return [...cycles].sort((a, b) => (key(a) === key(b) ? a.id - b.id : key(a) < key(b) ? -1 : 1));
}

/** The latest `limit` items in chronological order (oldest first). */
export function latest<T>(itemsOldestFirst: readonly T[], limit: number): T[] {
  return itemsOldestFirst.slice(Math.max(0, itemsOldestFirst.length - limit));
}

// ---------------------------------------------------------------------------------------------
// Statistics

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A value of a min..max scale on 1..5, so cycles with different scales compare. */
export function onFivePointScale(value: number, scale: { min: number; max: number }): number {
  return scale.max === scale.min ? 3 : 1 + ((value - scale.min) * 4) / (scale.max - scale.min);
}

/**
 * One cycle's statistics from the summaries' section of that reviewer type (already aggregated with the
 * viewer's access, so `visible`/`message` are the summaries' threshold decision). Only counts and averages of
 * rating questions leave this function: no names, no texts, no single answers.
 */
export function statsPoint(cycle: TrendCycle, section: SummarySection): StatsPoint {
  const questions = section.visible
    ? section.questions
        .filter((q) => q.kind === "rating" && q.scale)
        .map((q) => ({ id: q.id, label: q.label, responses: q.responses, average: q.average, scale: q.scale! }))
    : [];
  let weighted = 0;
  let responses = 0;
  for (const q of questions) {
    if (q.average === null || q.responses === 0) continue;
    weighted += onFivePointScale(q.average, q.scale) * q.responses;
    responses += q.responses;
  }
  return {
    cycle,
    requested: section.requested,
    submitted: section.submitted,
    anonymised: section.anonymised,
    visible: section.visible,
    message: section.message,
    average: section.visible && responses > 0 ? round2(weighted / responses) : null,
    questions,
  };
}
