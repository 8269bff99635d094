import type { z } from "zod";
import type { ApiError } from "~/platform/api.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import { SESSION_FORM_FIELDS, type SessionFieldErrors, type SessionFormField, type SetupOwner } from "~/features/calibration/session-setup";
import { CALIBRATION_FAILURE } from "../../../workflows/calibration-session-contract";

/**
 * The setup pages' refusals and field errors as keys and values (issue 28, ADR 0076): the services and the zod schema
 * keep their English (the API's messages); a page says each through the key its status, code, details or the
 * failed rule names, never by matching the English sentence. Anything else reads as the generic "did not work".
 */

const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");

/** A service's refusal (ApiError) of a setup action, for the page. */
export function setupRefusal(err: ApiError, owner: SetupOwner, cycleId: number): PageMessage {
  const details = (typeof err.details === "object" && err.details !== null ? err.details : {}) as Record<string, unknown>;
  if (err.code === "spoofing") return pageMessage("calibrationSetup.error.spoofing");
  switch (details.reason) {
    case CALIBRATION_FAILURE.cycleNotInCalibration:
      return pageMessage("calibrationSetup.error.notInCalibration");
    case CALIBRATION_FAILURE.closed:
      return pageMessage("calibrationSetup.error.closed");
    case CALIBRATION_FAILURE.invalidTransition:
    case CALIBRATION_FAILURE.stateMismatch:
      return pageMessage("calibrationSetup.error.stateChanged");
    case "calibration_history":
      return pageMessage("calibrationSetup.error.history", { emails: list(details.participants) });
  }
  if (err.status === 404) return pageMessage("calibrationSetup.error.notFound");
  if (err.status === 503) return pageMessage("calibrationSetup.error.unavailable");
  if (err.status === 403) {
    if (Array.isArray(details.participant_ids)) return pageMessage("calibrationSetup.error.notYourParticipants", { ids: list(details.participant_ids) });
    return pageMessage(owner === "admin" ? "calibrationSetup.error.notOwnerAdmin" : "calibrationSetup.error.notOwnerHr");
  }
  if (Array.isArray(details.participant_ids)) return pageMessage("calibrationSetup.error.notParticipants", { cycle: cycleId, ids: list(details.participant_ids) });
  if (Array.isArray(details.reviewer_only)) return pageMessage("calibrationSetup.error.reviewerOnly", { emails: list(details.reviewer_only) });
  if (Array.isArray(details.participants)) return pageMessage("calibrationSetup.error.taken", { emails: list(details.participants) });
  if (Array.isArray(details.user_ids)) return pageMessage("calibrationSetup.error.unknownUsers", { ids: list(details.user_ids) });
  if (Array.isArray(details.members)) return pageMessage("calibrationSetup.error.memberCalibrated", { emails: list(details.members) });
  if (details.stage === "draft") return pageMessage("calibrationSetup.error.cycleDraft");
  if (details.stage === "communication") return pageMessage("calibrationSetup.error.cycleCommunication");
  if (typeof details.state === "string") return pageMessage(details.state === "closed" ? "calibrationSetup.error.closed" : "calibrationSetup.error.notDraft");
  return pageMessage("calibrationSetup.error.failed");
}

type Issue = z.core.$ZodIssue;

/** One failed rule of the session form's schema (SessionInputSchema) as the field's message. */
function issueMessage(field: SessionFormField | "form", issue: Issue): PageMessage {
  const tooBig = issue.code === "too_big";
  switch (field) {
    case "name":
      return tooBig ? pageMessage("calibrationSetup.field.nameTooLong", { max: CALIBRATION_LIMITS.nameMax }) : pageMessage("calibrationSetup.field.nameRequired");
    case "participant_ids":
      if (issue.code === "too_small") return pageMessage("calibrationSetup.field.pickParticipant");
      if (tooBig && issue.path.length === 1) return pageMessage("calibrationSetup.field.tooManyParticipants", { max: CALIBRATION_LIMITS.participantsMax });
      break;
    case "session_admin_id":
      return pageMessage("calibrationSetup.field.pickAdmin");
    case "panelist_ids":
      if (issue.code === "too_small") return pageMessage("calibrationSetup.field.pickPanelist");
      if (tooBig && issue.path.length === 1) return pageMessage("calibrationSetup.field.tooManyPanelists", { max: CALIBRATION_LIMITS.panelistsMax });
      break;
    case "sign_off_ids":
      if (issue.code === "too_small") return pageMessage("calibrationSetup.field.pickSignOff");
      if (tooBig && issue.path.length === 1) return pageMessage("calibrationSetup.field.tooManySignOff", { max: CALIBRATION_LIMITS.signOffMax });
      break;
    case "guideline":
      // The shares' sum is the one rule on the whole object; a share's own rule names its rating in the path.
      return issue.code === "custom" && issue.path.length === 1 ? pageMessage("calibrationSetup.field.guidelineTotal") : pageMessage("calibrationSetup.field.guidelineShare");
    case "deadline":
      return pageMessage("calibrationSetup.field.deadline");
  }
  return pageMessage("calibrationSetup.field.invalid");
}

/** The schema's failures by field (a path outside the form's fields counts for the whole form). */
export function sessionFieldErrors(error: z.ZodError): SessionFieldErrors {
  const errors: SessionFieldErrors = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const field = typeof head === "string" && (SESSION_FORM_FIELDS as readonly string[]).includes(head) ? (head as SessionFormField) : "form";
    (errors[field] ??= []).push(issueMessage(field, issue));
  }
  return errors;
}
