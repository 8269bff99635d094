import { describe, expect, it } from "vitest";
import {
  EMPTY_COUNTS,
  feedbackStatus,
  inactiveRule,
  isMetricType,
  METRIC_TYPES,
  METRICS,
  metricColumns,
  metricRecord,
  percent,
  reportFileName,
  sumTallies,
  type ParticipantCounts,
  type ReportPerson,
} from "~/features/decision-support/rules";
import { parseThermaScanRow, sameThermaValues, THERMA_SCAN_COLUMNS } from "~/features/decision-support/therma-scan/rules";

const person: ReportPerson = {
  email: "ada@x.io",
  name: "Ada",
  department: "Engineering",
  managerEmail: "mo@x.io",
  secondaryManagerEmail: null,
  reviewerOnly: false,
  panelStatus: "admin_approved",
};

const counts: ParticipantCounts = {
  given: {
    self: { total: 1, submitted: 1, started: 0 },
    peer: { total: 3, submitted: 1, started: 1 },
    manager: { total: 2, submitted: 0, started: 1 },
  },
  received: {
    self: { total: 1, submitted: 0, started: 1 },
    manager: { total: 1, submitted: 1, started: 0 },
    peer: { total: 4, submitted: 2, started: 0 },
    direct_report: { total: 2, submitted: 2, started: 0 },
    matrix_manager: { total: 1, submitted: 0, started: 0 },
  },
  peers: { requested: 1, accepted: 3, declined: 2 },
  asked: { open: 2, answered: 5 },
};

const row = (metric: (typeof METRIC_TYPES)[number], c = counts, p = person) => Object.fromEntries(metricColumns(metric).map((col, i) => [col, metricRecord(metric, p, c)[i]]));

describe("participants report metrics (ADR 0032)", () => {
  it("knows its metric types and nothing else", () => {
    expect(METRIC_TYPES).toEqual(["feedback_given", "feedback_received", "peer_selection", "manager_feedback", "response_rate"]);
    for (const m of METRIC_TYPES) expect(isMetricType(m)).toBe(true);
    for (const bad of ["", "FEEDBACK_GIVEN", "answers", undefined, null, 3]) expect(isMetricType(bad)).toBe(false);
  });

  it("every row has exactly its columns, the person's first", () => {
    for (const m of METRIC_TYPES) {
      expect(metricColumns(m).slice(0, 5)).toEqual(["participant_email", "participant_name", "department", "manager_email", "reviewer_only"]);
      expect(metricRecord(m, person, counts)).toHaveLength(metricColumns(m).length);
      expect(metricRecord(m, person, EMPTY_COUNTS)).toHaveLength(5 + METRICS[m].columns.length);
      expect(new Set(metricColumns(m)).size).toBe(metricColumns(m).length);
    }
  });

  it("feedback_given counts what they hold as a reviewer", () => {
    expect(row("feedback_given")).toMatchObject({ requests: "6", submitted: "2", started_not_submitted: "2", not_started: "2", submitted_pct: "33" });
    expect(row("feedback_given", EMPTY_COUNTS)).toMatchObject({ requests: "0", submitted_pct: "" });
  });

  it("feedback_received counts what is about them, by type, with statuses", () => {
    expect(row("feedback_received")).toMatchObject({
      requests: "9",
      submitted: "5",
      submitted_pct: "56",
      self_status: "started",
      manager_status: "submitted",
      peer_submitted: "2",
      peer_requests: "4",
      direct_report_submitted: "2",
      direct_report_requests: "2",
      matrix_submitted: "0",
      matrix_requests: "1",
    });
  });

  it("peer_selection, manager_feedback and response_rate", () => {
    expect(row("peer_selection")).toMatchObject({
      panel_status: "admin_approved",
      peers_asked: "6",
      peers_accepted: "3",
      peers_declined: "2",
      peers_awaiting_answer: "1",
      requests_to_answer: "2",
      requests_answered: "5",
    });
    expect(row("manager_feedback")).toMatchObject({
      manager_feedback_status: "submitted",
      secondary_manager_email: "",
      matrix_manager_feedback_status: "not_started",
      manager_feedback_to_give: "2",
      manager_feedback_given: "0",
    });
    expect(row("response_rate")).toMatchObject({ given_requests: "6", given_submitted: "2", given_rate_pct: "33", received_requests: "9", received_submitted: "5", received_rate_pct: "56" });
    expect(row("response_rate", counts, { ...person, reviewerOnly: true, department: null, managerEmail: null })).toMatchObject({ reviewer_only: "true", department: "", manager_email: "" });
  });

  it("statuses, shares and sums", () => {
    expect(feedbackStatus(undefined)).toBe("none");
    expect(feedbackStatus({ total: 0, submitted: 0, started: 0 })).toBe("none");
    expect(feedbackStatus({ total: 1, submitted: 0, started: 0 })).toBe("not_started");
    expect(feedbackStatus({ total: 1, submitted: 0, started: 1 })).toBe("started");
    expect(feedbackStatus({ total: 2, submitted: 1, started: 0 })).toBe("started");
    expect(feedbackStatus({ total: 2, submitted: 2, started: 0 })).toBe("submitted");
    expect(percent(1, 3)).toBe("33");
    expect(percent(2, 3)).toBe("67");
    expect(percent(0, 0)).toBe("");
    expect(sumTallies(counts.given, ["manager", "matrix_manager"])).toEqual({ total: 2, submitted: 0, started: 1 });
    expect(reportFileName("feedback_given", 3, 12)).toBe("participants-report-feedback-given-cycle-3-job-12.csv");
  });

  it("a report has no column for what someone wrote", () => {
    for (const m of METRIC_TYPES) for (const c of metricColumns(m)) expect(c).not.toMatch(/(^|_)(answers|comments?|text|body|rationale|rating|justification)(_|$)/);
  });

  it("says what inactive means in each stage", () => {
    expect(inactiveRule("spu_feedback")).toMatch(/submitted none and saved no answer/);
    expect(inactiveRule("start")).toMatch(/have not asked anyone and have answered no request/);
    for (const s of ["draft", "calibration", "communication"] as const) expect(inactiveRule(s)).toBe("This stage asks nothing of participants, so nobody is inactive.");
  });
});

describe("Therma-scan CSV rows (ADR 0033)", () => {
  const good = { participant_email: " Ada@X.io ", engagement: "4", wellbeing: "5", workload: "1", flight_risk: "High", comment: "  Busy quarter " };

  it("has the agreed columns", () => {
    expect(THERMA_SCAN_COLUMNS).toEqual(["participant_email", "engagement", "wellbeing", "workload", "flight_risk", "comment"]);
  });

  it("normalizes a valid row; the comment is optional, blank is none", () => {
    expect(parseThermaScanRow(good)).toEqual({
      ok: true,
      values: { participant_email: "ada@x.io", engagement: 4, wellbeing: 5, workload: 1, flight_risk: "high", comment: "Busy quarter" },
    });
    const noComment = { ...good, comment: undefined };
    expect(parseThermaScanRow(noComment)).toMatchObject({ ok: true, values: { comment: null } });
    expect(parseThermaScanRow({ ...good, comment: "   " })).toMatchObject({ ok: true, values: { comment: null } });
    expect(parseThermaScanRow({ ...good, comment: "x".repeat(500) })).toMatchObject({ ok: true });
  });

  it("names the column of every problem, one message per column", () => {
    const bad = parseThermaScanRow({ participant_email: "nope", engagement: "0", wellbeing: "6", workload: "2.5", flight_risk: "maybe", comment: "x".repeat(501) });
    // Each with its code beside the English (ADR 0107): the key from the column and what the issue is.
    expect(bad.ok ? [] : bad.issues.map((issue) => issue.code?.key)).toEqual([
      "storedTexts.jobs.rows.therma.emailInvalid",
      "storedTexts.jobs.rows.therma.scoreRange",
      "storedTexts.jobs.rows.therma.scoreRange",
      "storedTexts.jobs.rows.therma.scoreRange",
      "storedTexts.jobs.rows.therma.flightRiskOneOf",
      "storedTexts.jobs.rows.therma.commentTooLong",
    ]);
    expect(bad).toMatchObject({
      ok: false,
      issues: [
        { column: "participant_email", message: "Participant email must be a valid email address" },
        { column: "engagement", message: "Engagement must be a whole number from 1 to 5" },
        { column: "wellbeing", message: "Wellbeing must be a whole number from 1 to 5" },
        { column: "workload", message: "Workload must be a whole number from 1 to 5" },
        { column: "flight_risk", message: "Flight risk must be one of low, medium, high" },
        { column: "comment", message: "Comment must be at most 500 characters" },
      ],
    });
    expect(parseThermaScanRow({ ...good, engagement: "", flight_risk: undefined })).toMatchObject({
      ok: false,
      issues: [
        { column: "engagement", message: "Engagement is required" },
        { column: "flight_risk", message: "Flight risk is required" },
      ],
    });
    expect(parseThermaScanRow({ ...good, workload: "-1" })).toMatchObject({ ok: false, issues: [{ column: "workload" }] });
  });

  it("an unchanged row is recognised", () => {
    const stored = { engagement: 4, wellbeing: 5, workload: 1, flightRisk: "high", comment: "Busy quarter" };
    const values = { participant_email: "ada@x.io", engagement: 4, wellbeing: 5, workload: 1, flight_risk: "high" as const, comment: "Busy quarter" };
    expect(sameThermaValues(stored, values)).toBe(true);
    expect(sameThermaValues({ ...stored, comment: null }, values)).toBe(false);
    expect(sameThermaValues({ ...stored, workload: 2 }, values)).toBe(false);
  });
});
