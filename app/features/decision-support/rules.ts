/**
 * Decision support (docs/decisions/0032-decision-support-reports.md): the participants report's metrics
 * (`metric_type`), how a report row is built from a participant's counts, the inactive participants' rule
 * per stage, and the types the pages read. PURE module: no Node or browser imports, no server modules.
 *
 * A report holds counts and statuses only: never an answer, a comment, a rating or anything else one
 * person wrote about another.
 */
import type { CycleStage } from "~/features/cycles/rules";
import { REVIEWER_TYPES, type ReviewerTypeValue } from "~/features/participants/rules";
import type { JobJson, JobView } from "~/features/jobs/rules";
import type { PageMessage } from "~/platform/i18n/page-message";

// ---------------------------------------------------------------------------------------------
// Metrics

export const METRIC_TYPES = ["feedback_given", "feedback_received", "peer_selection", "manager_feedback", "response_rate"] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

export function isMetricType(value: unknown): value is MetricType {
  return typeof value === "string" && (METRIC_TYPES as readonly string[]).includes(value);
}

/** The columns every report starts with: who the row is about. */
export const REPORT_PERSON_COLUMNS = ["participant_email", "participant_name", "department", "manager_email", "reviewer_only"] as const;

export const METRICS: Record<MetricType, { label: string; description: string; columns: readonly string[] }> = {
  feedback_given: {
    label: "Feedback given",
    description: "Per participant as a reviewer: feedback requests they hold (any type, self included), submitted, started and not started.",
    columns: ["requests", "submitted", "started_not_submitted", "not_started", "submitted_pct"],
  },
  feedback_received: {
    label: "Feedback received",
    description: "Per participant as a reviewee: feedback requests about them and how many are submitted, by reviewer type.",
    columns: [
      "requests",
      "submitted",
      "submitted_pct",
      "self_status",
      "manager_status",
      "peer_submitted",
      "peer_requests",
      "direct_report_submitted",
      "direct_report_requests",
      "matrix_submitted",
      "matrix_requests",
    ],
  },
  peer_selection: {
    label: "Peer selection",
    description: "Per participant: peers and stakeholders asked, accepted, declined and awaiting an answer; requests they still have to answer.",
    columns: ["panel_status", "peers_asked", "peers_accepted", "peers_declined", "peers_awaiting_answer", "requests_to_answer", "requests_answered"],
  },
  manager_feedback: {
    label: "Manager feedback",
    description: "Per participant: the status of their manager's and matrix manager's feedback; as a manager, the manager feedback they owe and have given.",
    columns: [
      "manager_feedback_status",
      "secondary_manager_email",
      "matrix_manager_feedback_status",
      "manager_feedback_to_give",
      "manager_feedback_given",
    ],
  },
  response_rate: {
    label: "Response rate",
    description: "Per participant: the share of feedback requests they hold that is submitted, and of the requests about them.",
    columns: ["given_requests", "given_submitted", "given_rate_pct", "received_requests", "received_submitted", "received_rate_pct"],
  },
};

export function metricColumns(metric: MetricType): string[] {
  return [...REPORT_PERSON_COLUMNS, ...METRICS[metric].columns];
}

/** Feedback rows counted by status: `started` = saved as a draft with answers, not submitted. */
export type FeedbackTally = { total: number; submitted: number; started: number };
export const EMPTY_TALLY: FeedbackTally = { total: 0, submitted: 0, started: 0 };

/** What a report row is built from (loaded per chunk of participants by app/features/decision-support/metrics.server.ts). */
export type ReportPerson = {
  email: string;
  name: string;
  department: string | null;
  managerEmail: string | null;
  secondaryManagerEmail: string | null;
  reviewerOnly: boolean;
  /** admin_approved | manager_approved */
  panelStatus: string;
};

export type ParticipantCounts = {
  /** Feedback rows they hold as the reviewer, by reviewer type. */
  given: Partial<Record<ReviewerTypeValue, FeedbackTally>>;
  /** Feedback rows about them, by reviewer type. */
  received: Partial<Record<ReviewerTypeValue, FeedbackTally>>;
  /** Their own peer / stakeholder requests by status. */
  peers: { requested: number; accepted: number; declined: number };
  /** Peer requests addressed to them: still to answer, answered (accepted or declined). */
  asked: { open: number; answered: number };
};

export const EMPTY_COUNTS: ParticipantCounts = { given: {}, received: {}, peers: { requested: 0, accepted: 0, declined: 0 }, asked: { open: 0, answered: 0 } };

/** The tallies of `types` added up (all reviewer types by default). */
export function sumTallies(byType: Partial<Record<ReviewerTypeValue, FeedbackTally>>, types: readonly ReviewerTypeValue[] = REVIEWER_TYPES): FeedbackTally {
  const out = { ...EMPTY_TALLY };
  for (const t of types) {
    const x = byType[t];
    if (!x) continue;
    out.total += x.total;
    out.submitted += x.submitted;
    out.started += x.started;
  }
  return out;
}

/** The share in whole percent ("" when there is nothing to count). */
export function percent(part: number, whole: number): string {
  return whole > 0 ? String(Math.round((part / whole) * 100)) : "";
}

/** The status of one feedback (or of several of one type: the least advanced first): none, not_started, started, submitted. */
export function feedbackStatus(tally: FeedbackTally | undefined): "none" | "not_started" | "started" | "submitted" {
  if (!tally || tally.total === 0) return "none";
  if (tally.submitted === tally.total) return "submitted";
  if (tally.started > 0 || tally.submitted > 0) return "started";
  return "not_started";
}

/** One CSV record of the report: the person's columns, then the metric's. */
export function metricRecord(metric: MetricType, person: ReportPerson, counts: ParticipantCounts): string[] {
  const head = [person.email, person.name, person.department ?? "", person.managerEmail ?? "", person.reviewerOnly ? "true" : "false"];
  return [...head, ...metricCells(metric, person, counts).map(String)];
}

function metricCells(metric: MetricType, person: ReportPerson, c: ParticipantCounts): Array<string | number> {
  switch (metric) {
    case "feedback_given": {
      const g = sumTallies(c.given);
      return [g.total, g.submitted, g.started, g.total - g.submitted - g.started, percent(g.submitted, g.total)];
    }
    case "feedback_received": {
      const r = sumTallies(c.received);
      const peer = c.received.peer ?? EMPTY_TALLY;
      const reports = c.received.direct_report ?? EMPTY_TALLY;
      const matrix = sumTallies(c.received, ["matrix_manager", "matrix_team"]);
      return [
        r.total,
        r.submitted,
        percent(r.submitted, r.total),
        feedbackStatus(c.received.self),
        feedbackStatus(c.received.manager),
        peer.submitted,
        peer.total,
        reports.submitted,
        reports.total,
        matrix.submitted,
        matrix.total,
      ];
    }
    case "peer_selection": {
      const p = c.peers;
      return [person.panelStatus, p.requested + p.accepted + p.declined, p.accepted, p.declined, p.requested, c.asked.open, c.asked.answered];
    }
    case "manager_feedback": {
      const owed = sumTallies(c.given, ["manager", "matrix_manager"]);
      return [feedbackStatus(c.received.manager), person.secondaryManagerEmail ?? "", feedbackStatus(c.received.matrix_manager), owed.total, owed.submitted];
    }
    case "response_rate": {
      const g = sumTallies(c.given);
      const r = sumTallies(c.received);
      return [g.total, g.submitted, percent(g.submitted, g.total), r.total, r.submitted, percent(r.submitted, r.total)];
    }
  }
}

/** The report file's name: the metric, the cycle and the job. */
export function reportFileName(metric: MetricType, cycleId: number, jobId: number): string {
  return `participants-report-${metric.replace(/_/g, "-")}-cycle-${cycleId}-job-${jobId}.csv`;
}

// ---------------------------------------------------------------------------------------------
// Inactive participants

/** Stages that ask something of participants; in the others nobody is inactive. */
export const INACTIVE_STAGES = ["start", "spu_feedback", "manager_feedback"] as const satisfies readonly CycleStage[];

/** What "inactive" means in each stage (the page and the API say it). */
export function inactiveRule(stage: CycleStage): string {
  switch (stage) {
    case "start":
      return "Participants a nudge would remind now (no peer or stakeholder chosen, or peer requests to answer) who have not asked anyone and have answered no request.";
    case "spu_feedback":
      return "Participants a nudge would remind now (self, peer, direct report or matrix feedback to give) who have submitted none and saved no answer in any of it.";
    case "manager_feedback":
      return "Managers among the participants a nudge would remind now (manager feedback to give) who have submitted none and saved no answer in any of it.";
    default:
      return "This stage asks nothing of participants, so nobody is inactive.";
  }
}

export type InactiveParticipantJson = {
  participant_id: number;
  email: string;
  name: string;
  department: string | null;
  manager_email: string | null;
  reviewer_only: boolean;
  /** What a nudge would tell them now (app/features/nudges). */
  pending_work: string;
};

export type InactiveParticipantsJson = {
  cycle_id: number;
  stage: CycleStage;
  rule: string;
  total: number;
  limit: number;
  offset: number;
  participants: InactiveParticipantJson[];
};

/** A participants report job: any job's JSON and its metric. */
export type ReportJobJson = JobJson & { metric_type: MetricType | null };

// ---------------------------------------------------------------------------------------------
// Pages

/** An inactive participant as the reports page shows them: what a nudge would remind them of, as keys. */
export type InactiveParticipantView = Omit<InactiveParticipantJson, "pending_work"> & { reasons: PageMessage[] };

/** A report job as the reports page lists it. */
export type RecentReportJob = Pick<JobView, "id" | "status" | "created_at"> & { metric_type: MetricType | null };

/** /app/admin/cycles/{cycleId}/decision-support/reports (texts as keys: the stage's rule, the metrics, the reasons). */
export type ReportsPageData = {
  cycle: { id: number; name: string; state: string };
  stage: CycleStage;
  inactive: { total: number; participants: InactiveParticipantView[] };
  page: number;
  pageSize: number;
  recentJobs: RecentReportJob[];
  jobsPath: string;
};

/** The report form's failure (unknown metric, Temporal down), as a key. */
export type ReportFormFailure = { ok: false; formError: PageMessage };
