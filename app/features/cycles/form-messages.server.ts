import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { CYCLE_STAGES, type CycleStage } from "~/features/cycles/rules";

/**
 * The cycle form's refusals as keys (issue 28, ADR 0089): the schemas and the services keep their English for the API
 * (its messages and error details); the create and edit pages get each field's error and the form's refusal as a key
 * and values, chosen by the zod issue's field and code or the ApiError's status, code and details — never by its text.
 */

export const CYCLE_FORM_FIELDS = ["name", "start_date", "planned_end_date", "max_peers", "endorsement_rule", "endorsement_days", "peer_names", "upward_names"] as const;
export type CycleFormField = (typeof CYCLE_FORM_FIELDS)[number];
/** One message per field that has an error. */
export type CycleFieldMessages = Partial<Record<CycleFormField, PageMessage>>;
export type CycleFormRefusal = { status: number; formError: PageMessage | null; fieldErrors: CycleFieldMessages };

type Issue = z.core.$ZodIssue;

/** A whole-number field's error: its limits by the issue's code, anything else (NaN, 1.5, text) "a whole number". */
function numberKey(issue: Issue, keys: { whole: TranslationKey; min: TranslationKey; max: TranslationKey }): TranslationKey {
  if (issue.code === "too_small") return keys.min;
  if (issue.code === "too_big") return keys.max;
  return keys.whole;
}

const FIELD_KEY: Record<CycleFormField, (issue: Issue) => TranslationKey> = {
  name: (issue) => (issue.code === "too_big" ? "cyclesAdmin.form.errors.nameTooLong" : "cyclesAdmin.form.errors.nameRequired"),
  start_date: () => "cyclesAdmin.form.errors.dateFormat",
  planned_end_date: (issue) => (issue.code === "custom" ? "cyclesAdmin.form.errors.endBeforeStart" : "cyclesAdmin.form.errors.dateFormat"),
  max_peers: (issue) =>
    numberKey(issue, { whole: "cyclesAdmin.form.errors.maxPeersWhole", min: "cyclesAdmin.form.errors.maxPeersPositive", max: "cyclesAdmin.form.errors.maxPeersMax" }),
  endorsement_rule: () => "cyclesAdmin.form.errors.endorsementRule",
  endorsement_days: (issue) =>
    numberKey(issue, { whole: "cyclesAdmin.form.errors.endorsementDaysWhole", min: "cyclesAdmin.form.errors.endorsementDaysMin", max: "cyclesAdmin.form.errors.endorsementDaysMax" }),
  peer_names: () => "cyclesAdmin.form.errors.peerNames",
  upward_names: () => "cyclesAdmin.form.errors.upwardNames",
};

const isField = (v: unknown): v is CycleFormField => typeof v === "string" && (CYCLE_FORM_FIELDS as readonly string[]).includes(v);

/** The schema's issues (CycleCreateSchema, CyclePatchSchema): the first per field, and a form-level one (nothing to change). */
export function cycleFieldMessages(error: z.ZodError): { formError: PageMessage | null; fieldErrors: CycleFieldMessages } {
  const fieldErrors: CycleFieldMessages = {};
  let formError: PageMessage | null = null;
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (isField(field)) {
      fieldErrors[field] ??= pageMessage(FIELD_KEY[field](issue));
    } else if (!formError) {
      // The patch's refine has no path ("Nothing to change"); an unknown key (the form never sends one) is invalid input.
      formError = pageMessage(issue.code === "custom" ? "cyclesAdmin.form.errors.nothingToChange" : "cyclesAdmin.form.errors.invalidInput");
    }
  }
  return { formError, fieldErrors };
}

const DELETE_STARTED: Record<Exclude<CycleStage, "draft">, TranslationKey> = {
  start: "cyclesAdmin.form.errors.deleteStarted.start",
  spu_feedback: "cyclesAdmin.form.errors.deleteStarted.spu_feedback",
  manager_feedback: "cyclesAdmin.form.errors.deleteStarted.manager_feedback",
  calibration: "cyclesAdmin.form.errors.deleteStarted.calibration",
  communication: "cyclesAdmin.form.errors.deleteStarted.communication",
};

/** A refusal of the cycle services (create, update, delete) as the form shows it. */
function apiRefusal(err: ApiError, action: CycleFormAction, cycleId: number | undefined): CycleFormRefusal {
  const details = (err.details && typeof err.details === "object" ? err.details : {}) as {
    fieldErrors?: Record<string, unknown>;
    stage?: unknown;
  };
  const id = cycleId ?? "";
  const refusal = (key: TranslationKey, values?: Record<string, string | number>): CycleFormRefusal => ({
    status: err.status,
    formError: pageMessage(key, values),
    fieldErrors: {},
  });
  if (details.fieldErrors && Object.keys(details.fieldErrors).length > 0) {
    // The update's check of the stored dates (422) is the one field refusal the services send.
    const fieldErrors: CycleFieldMessages = {};
    for (const field of Object.keys(details.fieldErrors)) {
      if (isField(field)) fieldErrors[field] = pageMessage(field === "planned_end_date" ? "cyclesAdmin.form.errors.endBeforeStart" : "cyclesAdmin.form.errors.invalidInput");
    }
    return { status: err.status, formError: Object.keys(fieldErrors).length ? null : pageMessage("cyclesAdmin.form.errors.invalidInput"), fieldErrors };
  }
  if (err.code === "reviewer_names_fixed") return refusal("cyclesAdmin.form.errors.namesFixed");
  const stage = details.stage;
  if (err.status === 409 && typeof stage === "string" && stage !== "draft" && (CYCLE_STAGES as readonly string[]).includes(stage)) {
    return refusal(DELETE_STARTED[stage as Exclude<CycleStage, "draft">], { id });
  }
  if (err.status === 404) return refusal("cyclesAdmin.form.errors.notFound", { id });
  if (err.status === 503) return refusal(action === "create" ? "cyclesAdmin.form.errors.notCreated" : "cyclesAdmin.form.errors.unavailable");
  return refusal("cyclesAdmin.form.errors.failed");
}

/** Which of the form's actions failed: a create that the workflow service could not start says so. */
export type CycleFormAction = "create" | "update" | "delete";

/** A page action's failure: field errors for invalid input, one refusal (an Alert) for everything else. */
export function cycleFormRefusal(err: unknown, action: CycleFormAction, cycleId?: number): CycleFormRefusal {
  if (err instanceof z.ZodError) return { status: 400, ...cycleFieldMessages(err) };
  if (err instanceof ApiError) return apiRefusal(err, action, cycleId);
  throw err;
}
