/**
 * JSON shapes of the performance trends (the /api/v1/performance_dashboard calls and the page), shared by the
 * server and the components. PURE module. See docs/decisions/0030-performance-trends.md.
 */
import type { CycleStage } from "~/features/cycles/rules";

export type TrendCycle = {
  id: number;
  name: string;
  state: CycleStage;
  stage_label: string;
  start_date: string | null;
  planned_end_date: string | null;
};

export type TrendPerson = { email: string; name: string };

/** How the viewer is related to the person whose trends they read. */
export type TrendRelationship = "self" | "manager" | "secondary_manager" | "admin";

/** users/{email}: the dashboard's header. */
export type TrendsHeader = {
  user: TrendPerson & {
    job_title: string | null;
    department: string | null;
    level: string | null;
    location: string | null;
    profile_image_url: string | null;
    manager: TrendPerson | null;
  };
  relationship: TrendRelationship;
  /** The person manages (or managed, in a cycle) someone: upward feedback can exist. */
  has_direct_reports: boolean;
  /** The person's cycles in which the viewer may read something, oldest first. */
  cycles: TrendCycle[];
};

/** One cycle's calibrated rating (null: not rated); `final` once the cycle is in the communication stage. */
export type RatingPoint = { cycle: TrendCycle; rating: { value: number; label: string } | null; final: boolean };

/** performance_ratings */
export type RatingsTrend = { user: TrendPerson; ratings: RatingPoint[] };

/** direct_reports_performance_ratings */
export type TeamRatingsTrend = {
  /** Every cycle that appears in a report's ratings, oldest first. */
  cycles: TrendCycle[];
  direct_reports: Array<TrendPerson & { job_title: string | null; ratings: RatingPoint[] }>;
};

export type StatsKind = "peer" | "upward";

export type StatsQuestion = { id: string; label: string; responses: number; average: number | null; scale: { min: number; max: number } };

/** One cycle's peer or upward statistics; numbers only when `visible` (else `message` is the threshold message). */
export type StatsPoint = {
  cycle: TrendCycle;
  /** Feedback rows of this type (asked) and how many were submitted. */
  requested: number;
  submitted: number;
  anonymised: boolean;
  visible: boolean;
  message: string | null;
  /** The mean of every rating answer, each put on a 1-5 scale (2 decimals); null when hidden or no ratings. */
  average: number | null;
  questions: StatsQuestion[];
};

/** peer_stats/{email}, upward_stats/{email} */
export type StatsTrend = {
  user: TrendPerson;
  kind: StatsKind;
  reviewer_type: "peer" | "direct_report";
  label: string;
  threshold: number;
  cycles: StatsPoint[];
};

/** The /app/performance-dashboard page. */
export type TrendsPageData = {
  viewer: TrendPerson;
  /** Whom the viewer may pick: themselves, then their direct and secondary reports. */
  people: Array<TrendPerson & { relation: "self" | "direct_report" | "secondary_report" }>;
  header: TrendsHeader;
  /** The person's ratings: their own, or a direct report's as the manager sees them; null otherwise. */
  ratings: RatingPoint[] | null;
  peer: StatsTrend;
  upward: StatsTrend;
  /** The viewer's direct reports' ratings, on the viewer's own dashboard (null without reports). */
  team: TeamRatingsTrend | null;
};
