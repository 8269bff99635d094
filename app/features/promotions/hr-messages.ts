/**
 * What the HR partner's promotion pages can be told (issue 28, ADR 0076): the promotion services' refusals and the
 * schemas' failed rules as keys with values, chosen by status, code, details and the failed rule (the services and
 * zod keep their English for the API). A refusal not in the set reads as the generic "did not work" key. PURE.
 */
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import { PROMOTION_DECISIONS, PROMOTION_LIMITS } from "~/features/promotions/rules";
import type { CycleStage } from "~/features/cycles/rules";
import { CALIBRATION_FAILURE } from "../../../workflows/calibration-session-contract";

type Issue = { path: ReadonlyArray<PropertyKey>; code: string };
export type Refusal = { status: number; code: string; details?: unknown };

const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
const detailsOf = (r: Refusal) => (typeof r.details === "object" && r.details !== null ? (r.details as Record<string, unknown>) : {});

/** One failed rule of a form's field (the session form, the decision, a comment, an endorsement request). */
function issueMessage(field: string, issue: Issue): PageMessage {
  const tooBig = issue.code === "too_big";
  const small = issue.code === "too_small";
  switch (field) {
    case "name":
      return tooBig ? pageMessage("promotionsHr.error.nameTooLong", { max: CALIBRATION_LIMITS.nameMax }) : pageMessage("promotionsHr.error.nameRequired");
    case "nomination_ids":
      if (small) return pageMessage("promotionsHr.error.pickNominations");
      if (tooBig && issue.path.length === 1) return pageMessage("promotionsHr.error.tooManyNominations", { max: PROMOTION_LIMITS.nominationsMax });
      break;
    case "session_admin_id":
      return pageMessage("promotionsHr.error.pickAdmin");
    case "panelist_ids":
      if (small) return pageMessage("promotionsHr.error.pickPanelist");
      if (tooBig && issue.path.length === 1) return pageMessage("promotionsHr.error.tooManyPanelists", { max: CALIBRATION_LIMITS.panelistsMax });
      break;
    case "sign_off_ids":
      if (small) return pageMessage("promotionsHr.error.pickSignOff");
      if (tooBig && issue.path.length === 1) return pageMessage("promotionsHr.error.tooManySignOff", { max: CALIBRATION_LIMITS.signOffMax });
      break;
    case "endorser_ids":
      if (small) return pageMessage("promotionsHr.error.pickEndorsers");
      if (tooBig && issue.path.length === 1) return pageMessage("promotionsHr.error.tooManyEndorsers", { max: PROMOTION_LIMITS.endorsersMax });
      break;
    case "deadline":
      return pageMessage("promotionsHr.error.deadline");
    case "decision":
      return pageMessage("promotionsHr.error.decisionRequired", { values: PROMOTION_DECISIONS.join(", ") });
    case "reason":
      return tooBig ? pageMessage("promotionsHr.error.reasonTooLong", { max: PROMOTION_LIMITS.reasonMax }) : pageMessage("promotionsHr.error.reasonRequired");
    case "body":
      return tooBig ? pageMessage("promotionsHr.error.commentTooLong", { max: CALIBRATION_LIMITS.commentMax }) : pageMessage("promotionsHr.error.commentRequired");
  }
  return pageMessage("promotionsHr.error.invalid");
}

/** A schema's failures: the first message of each field (a path outside `fields` counts for `form`). */
export function hrFieldErrors(issues: readonly Issue[], fields: readonly string[]): Record<string, PageMessage[]> {
  const errors: Record<string, PageMessage[]> = {};
  for (const issue of issues) {
    const head = issue.path[0];
    const field = typeof head === "string" && fields.includes(head) ? head : "form";
    (errors[field] ??= []).push(issueMessage(field, issue));
  }
  return errors;
}

/**
 * A refusal of the promotion session service on the create or edit form (`stage`: the cycle's, which a refusal to
 * set sessions up names; `editing`: a 403 there means not the session's creator).
 */
export function sessionFormRefusal(r: Refusal, stage: CycleStage, editing: boolean): PageMessage {
  const d = detailsOf(r);
  if (r.code === "spoofing") return pageMessage("promotionsHr.error.spoofing");
  if (r.status === 403) return pageMessage(editing ? "promotionsHr.error.notOwner" : "promotionsHr.error.notYourNominations");
  if (r.status === 404) return pageMessage("promotionsHr.error.notFound");
  if (r.status === 503) return pageMessage("promotionsHr.error.unavailable");
  if (d.reason === "withdrawn") return pageMessage("promotionsHr.error.withdrawn", { emails: list(d.participants) });
  if (d.reason === "taken" || Array.isArray(d.participants)) return pageMessage("promotionsHr.error.taken", { emails: list(d.participants) });
  if (Array.isArray(d.nomination_ids)) return pageMessage("promotionsHr.error.notNominations", { ids: list(d.nomination_ids) });
  if (Array.isArray(d.sign_off_ids)) return pageMessage("promotionsHr.error.signOffRunner");
  if (Array.isArray(d.user_ids)) return pageMessage("promotionsHr.error.unknownUsers", { ids: list(d.user_ids) });
  if (Array.isArray(d.members)) return pageMessage("promotionsHr.error.memberNominee", { emails: list(d.members) });
  if (typeof d.state === "string") return pageMessage(d.state === "closed" ? "promotionsHr.error.closed" : "promotionsHr.error.notDraft");
  if (r.status === 409 && typeof d.cycle_id === "number") return pageMessage(stage === "communication" ? "promotionsHr.error.cycleCommunication" : "promotionsHr.error.cycleDraft");
  if (r.status === 409 && typeof d.session_id === "number") return pageMessage("promotionsHr.error.notDraft");
  return pageMessage("promotionsHr.error.failed");
}

/** A refusal of an action on the session page (a transition, an endorsement request, a decision, a comment). */
export function sessionPageRefusal(r: Refusal, ctx: { undecided: string[]; deadlinePassed: boolean }): Explained {
  const d = detailsOf(r);
  if (r.code === "spoofing") return { message: pageMessage("promotionsHr.error.spoofing") };
  switch (d.reason) {
    case CALIBRATION_FAILURE.cycleNotInCalibration:
      return { message: pageMessage("promotionsHr.error.notInCalibration") };
    case CALIBRATION_FAILURE.undecided:
      return { message: pageMessage("promotionsHr.error.undecided", { names: ctx.undecided.join(", ") }) };
    case CALIBRATION_FAILURE.closed:
      return { message: pageMessage("promotionsHr.error.closed") };
    case CALIBRATION_FAILURE.invalidTransition:
    case CALIBRATION_FAILURE.stateMismatch:
      return { message: pageMessage("promotionsHr.error.stateChanged") };
  }
  if (r.status === 403) return { message: pageMessage("promotionsHr.error.noPart") };
  if (r.status === 404) return { message: pageMessage("promotionsHr.error.notFound") };
  if (r.status === 503) return { message: pageMessage("promotionsHr.error.unavailable") };
  if (r.status === 400 && r.code === "bad_request") return { message: pageMessage("promotionsHr.error.pickNomination") };
  if (typeof d.nomination_id === "number") return { message: pageMessage("promotionsHr.error.nominationInactive") };
  if (Array.isArray(d.user_ids)) {
    const message = pageMessage("promotionsHr.error.unknownUsers", { ids: list(d.user_ids) });
    return { message, fieldErrors: { endorser_ids: message } };
  }
  if (typeof d.state === "string" || typeof d.session_id === "number") return { message: pageMessage(d.state === "closed" ? "promotionsHr.error.closed" : "promotionsHr.error.stateChanged") };
  if (r.status === 422) {
    // The endorsement request's two refusals without details: a deadline in the past, or the nominee among the endorsers.
    if (ctx.deadlinePassed) {
      const message = pageMessage("promotionsHr.error.deadlinePast");
      return { message, fieldErrors: { deadline: message } };
    }
    const message = pageMessage("promotionsHr.error.endorserNominee");
    return { message, fieldErrors: { endorser_ids: message } };
  }
  return { message: pageMessage("promotionsHr.error.failed") };
}

export type Explained = { message: PageMessage; fieldErrors?: Record<string, PageMessage> };

/** The session page's invalid input: the first message, and the first message of each field. */
export function sessionPageIssues(issues: readonly Issue[]): Explained {
  const all = hrFieldErrors(issues, ["endorser_ids", "deadline", "decision", "reason", "body"]);
  const fieldErrors = Object.fromEntries(Object.entries(all).map(([field, messages]) => [field, messages[0]!]));
  return { message: Object.values(fieldErrors)[0] ?? pageMessage("promotionsHr.error.failed"), fieldErrors };
}
