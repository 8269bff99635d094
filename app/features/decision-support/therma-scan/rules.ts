/**
 * The Therma-scan report (docs/decisions/0033-therma-scan-report.md): one row per participant of a cycle,
 * uploaded as CSV by a super admin (job UPLOAD_THERMA_SCAN) and stored in ThermaScanEntry (upserted by
 * participant). This module holds the CSV columns, the row validation, the labels and the JSON the pages
 * read. PURE module (zod only): used by the job, the header check, the pages and unit tests.
 *
 *   participant_email  required: a participant of the cycle (any case)
 *   engagement         required: whole number 1-5 (5 best)
 *   wellbeing          required: whole number 1-5 (5 best)
 *   workload           required: whole number 1-5 (5 = well balanced)
 *   flight_risk        required: low | medium | high (any case)
 *   comment            optional (the column too): at most 500 characters; blank = none
 */
import { z } from "zod";
import type { StoredMessage } from "~/platform/i18n/stored-text";

export const THERMA_SCAN_COLUMNS = ["participant_email", "engagement", "wellbeing", "workload", "flight_risk", "comment"] as const;
export type ThermaScanColumn = (typeof THERMA_SCAN_COLUMNS)[number];
export const THERMA_SCAN_REQUIRED_COLUMNS = ["participant_email", "engagement", "wellbeing", "workload", "flight_risk"] as const;

export const THERMA_SCORE_MIN = 1;
export const THERMA_SCORE_MAX = 5;
export const THERMA_COMMENT_MAX = 500;
export const FLIGHT_RISKS = ["low", "medium", "high"] as const;
export type FlightRisk = (typeof FLIGHT_RISKS)[number];

export const THERMA_SCORE_LABELS = { engagement: "Engagement", wellbeing: "Wellbeing", workload: "Workload" } as const;
export const FLIGHT_RISK_LABELS: Record<FlightRisk, string> = { low: "Low", medium: "Medium", high: "High" };


// ---------------------------------------------------------------------------------------------
// A row

const score = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d+$/, `${label} must be a whole number from ${THERMA_SCORE_MIN} to ${THERMA_SCORE_MAX}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(THERMA_SCORE_MIN, `${label} must be a whole number from ${THERMA_SCORE_MIN} to ${THERMA_SCORE_MAX}`)
        .max(THERMA_SCORE_MAX, `${label} must be a whole number from ${THERMA_SCORE_MIN} to ${THERMA_SCORE_MAX}`),
    );

export const ThermaScanRowSchema = z.object({
  participant_email: z
    .string({ error: "Participant email is required" })
    .trim()
    .min(1, "Participant email is required")
    .toLowerCase()
    .pipe(z.email("Participant email must be a valid email address")),
  engagement: score("Engagement"),
  wellbeing: score("Wellbeing"),
  workload: score("Workload"),
  flight_risk: z
    .string({ error: "Flight risk is required" })
    .trim()
    .toLowerCase()
    .pipe(z.enum(FLIGHT_RISKS, { error: `Flight risk must be one of ${FLIGHT_RISKS.join(", ")}` })),
  comment: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? null : v.trim()))
    .pipe(z.string().max(THERMA_COMMENT_MAX, `Comment must be at most ${THERMA_COMMENT_MAX} characters`).nullable()),
});

/** A valid row: what is stored for the participant. */
export type ThermaScanValues = {
  participant_email: string;
  engagement: number;
  wellbeing: number;
  workload: number;
  flight_risk: FlightRisk;
  comment: string | null;
};

/** A row's problem: its English (the API's row error) and its code (ADR 0100), null for a problem of zod's own. */
export type ThermaRowIssue = { column: ThermaScanColumn | null; message: string; code: StoredMessage | null };

const SCORE_LABEL_KEYS = {
  engagement: "decisionSupport.therma.columnsHead.engagement",
  wellbeing: "decisionSupport.therma.columnsHead.wellbeing",
  workload: "decisionSupport.therma.columnsHead.workload",
} as const;

/** The code of a row issue, from its column and what the issue is (never from its words). */
export function thermaIssueCode(column: ThermaScanColumn | null, issue: z.core.$ZodIssue): StoredMessage | null {
  const missing = issue.code === "invalid_type" || (issue.code === "too_small" && issue.origin === "string");
  switch (column) {
    case "participant_email":
      if (missing) return { key: "storedTexts.jobs.rows.therma.emailRequired" };
      return issue.code === "invalid_format" ? { key: "storedTexts.jobs.rows.therma.emailInvalid" } : null;
    case "engagement":
    case "wellbeing":
    case "workload": {
      const score = { key: SCORE_LABEL_KEYS[column] };
      if (missing) return { key: "storedTexts.jobs.rows.therma.scoreRequired", values: { score } };
      return { key: "storedTexts.jobs.rows.therma.scoreRange", values: { score, min: THERMA_SCORE_MIN, max: THERMA_SCORE_MAX } };
    }
    case "flight_risk":
      if (issue.code === "invalid_type") return { key: "storedTexts.jobs.rows.therma.flightRiskRequired" };
      return issue.code === "invalid_value" ? { key: "storedTexts.jobs.rows.therma.flightRiskOneOf", values: { risks: FLIGHT_RISKS.join(", ") } } : null;
    case "comment":
      return issue.code === "too_big" ? { key: "storedTexts.jobs.rows.therma.commentTooLong", values: { max: THERMA_COMMENT_MAX } } : null;
    default:
      return null;
  }
}

/** Check one row's cells (by column; a column missing from the file is undefined): the values or every issue, by column. */
export function parseThermaScanRow(cells: Partial<Record<string, string>>): { ok: true; values: ThermaScanValues } | { ok: false; issues: ThermaRowIssue[] } {
  const parsed = ThermaScanRowSchema.safeParse(cells);
  if (parsed.success) return { ok: true, values: parsed.data };
  const issues: ThermaRowIssue[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const column = (THERMA_SCAN_COLUMNS as readonly string[]).includes(String(issue.path[0])) ? (issue.path[0] as ThermaScanColumn) : null;
    const key = `${column}`;
    if (seen.has(key)) continue; // one message per column
    seen.add(key);
    issues.push({ column, message: issue.message, code: thermaIssueCode(column, issue) });
  }
  return { ok: false, issues };
}

/** True when the stored entry already holds exactly these values (an upload of the same row writes nothing). */
export function sameThermaValues(
  stored: { engagement: number; wellbeing: number; workload: number; flightRisk: string; comment: string | null },
  values: ThermaScanValues,
): boolean {
  return (
    stored.engagement === values.engagement &&
    stored.wellbeing === values.wellbeing &&
    stored.workload === values.workload &&
    stored.flightRisk === values.flight_risk &&
    (stored.comment ?? null) === values.comment
  );
}

// ---------------------------------------------------------------------------------------------
// JSON and page data

/** One participant's stored scan as the pages show it. */
export type ThermaScanJson = {
  participant_id: number;
  email: string;
  name: string;
  engagement: number;
  wellbeing: number;
  workload: number;
  flight_risk: FlightRisk;
  comment: string | null;
  /** The upload job that last wrote it (null if that job was deleted). */
  job_id: number | null;
  updated_at: string;
};

/** The scans of a calibration session's participants as its session admin reads them. */
export type SessionThermaScans = { participantCount: number; entries: ThermaScanJson[] };

/** The upload page: the cycle, the columns, where the jobs are. */
export type ThermaUploadPageData = {
  cycle: { id: number; name: string; state: string };
  columns: string[];
  requiredColumns: string[];
  jobsPath: string;
  /** Participants of the cycle with a stored scan, of all participants. */
  stored: number;
  participants: number;
};
