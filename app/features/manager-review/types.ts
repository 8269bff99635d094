import type { CycleStage } from "~/features/cycles/rules";
import type { FeedbackProgress, ManagerFeedbackState, NominationStatus, SelectionCounts } from "~/features/manager-review/rules";

/**
 * The JSON shapes of the manager's team lists (PURE: types only), shared by the services (service.server.ts,
 * nominations.server.ts), the pages (pages.server.ts) and the components (my-reportees-list.tsx).
 */

export type CycleOption = { id: number; name: string };

export type CycleRef = { id: number; name: string; state: CycleStage; stage_label: string };

export type PersonJson = { email: string; name: string };

export type ReportPersonJson = {
  email: string;
  name: string;
  job_title: string | null;
  profile_image_url: string | null;
  reviewer_only: boolean;
};

export type NominationJson = {
  participant_email: string;
  participant_name: string;
  status: NominationStatus;
  rationale: string | null;
  nominated_by: PersonJson | null;
  created_at: string;
  updated_at: string;
};

export type DirectReportJson = ReportPersonJson & {
  /** Peer selection: who may edit it (spec §4) and the requests by status. */
  selection: SelectionCounts & { panel_status: "admin_approved" | "manager_approved" };
  /** Feedback about the report from every reviewer except the manager: requests and given (submitted). */
  feedback_received: FeedbackProgress;
  /** Feedback the report has been asked to give others. */
  feedback_to_give: FeedbackProgress;
  /** The caller's manager feedback for the report. */
  manager_feedback: { state: ManagerFeedbackState; submitted_at: string | null };
  promotion_nomination: NominationJson | null;
};

export type DirectReportsJson = {
  cycle: CycleRef;
  can_write_manager_feedback: boolean;
  can_change_nominations: boolean;
  direct_reports: DirectReportJson[];
};

export type SecondaryReportJson = ReportPersonJson & {
  manager: PersonJson | null;
  /** The page with the report's feedback summary (what a secondary manager may read). */
  feedback_summary_path: string;
};

/** The /app/my-reportees pages' loader data (pages.server.ts loadReporteesPage). */
export type ReporteesPageData =
  | { kind: "none" | "invalid"; message: string; cycles: CycleOption[] }
  | {
      kind: "selected";
      cycles: CycleOption[];
      cycleId: number;
      direct: DirectReportsJson;
      secondary: { cycle: CycleRef; secondary_reports: SecondaryReportJson[] };
    };
