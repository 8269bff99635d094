/**
 * What the endorser's answer page can be told (issue 28): the endorsement service's refusals and the answer's
 * validation, as keys with values (the service and its zod schemas keep their English for the API). A refusal not
 * in the set is null: the page says the generic "did not work" key. PURE.
 */
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { PROMOTION_LIMITS } from "~/features/promotions/rules";

type Issue = { path: ReadonlyArray<PropertyKey>; code: string };
type Refusal = { status: number; code: string; message: string };

/** The message of one field's first issue (the endorse form's outcome and text, the reject dialog's reason). */
function fieldMessage(field: string, issue: Issue): PageMessage {
  const tooLong = issue.code === "too_big";
  switch (field) {
    case "outcome":
      return pageMessage("promotions.endorsements.pickOutcome");
    case "endorsement":
      return tooLong ? pageMessage("promotions.endorsements.endorsementTooLong", { max: PROMOTION_LIMITS.endorsementMax }) : pageMessage("promotions.endorsements.endorsementRequired");
    case "reason":
      return pageMessage("promotions.endorsements.reasonTooLong", { max: PROMOTION_LIMITS.reasonMax });
    default:
      return pageMessage("promotions.couldNotSave");
  }
}

/** Invalid input: a message per field (the reject dialog's reason is its `comment` field). */
export function endorsementIssues(issues: readonly Issue[]): { message: PageMessage; fieldErrors: Record<string, PageMessage> } {
  const fieldErrors: Record<string, PageMessage> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    const formField = field === "reason" ? "comment" : field;
    if (!(formField in fieldErrors)) fieldErrors[formField] = fieldMessage(field, issue);
  }
  return { message: Object.values(fieldErrors)[0] ?? pageMessage("promotions.couldNotSave"), fieldErrors };
}

/** A refusal of the endorsement service, or null when it is not one the page knows. */
export function endorsementRefusal({ status, code, message }: Refusal): PageMessage | null {
  if (code === "spoofing") return pageMessage("promotions.spoofing");
  if (status === 403) return pageMessage("promotions.endorsements.onlyEndorser");
  if (/session of this request is closed/.test(message)) return pageMessage("promotions.endorsements.sessionClosed");
  if (/nomination was withdrawn/.test(message)) return pageMessage("promotions.endorsements.withdrawn");
  if (status === 409) return pageMessage("promotions.endorsements.noLongerOpen");
  return null;
}
