/**
 * What the manager's promotion nomination page (app/routes/app.my-reportees.$email.promotion.tsx) can answer, as keys
 * with values (issue 28, ADR 0078's closed set of sentences): the services and the rationale's check say it in
 * English for the API; the page says it in the reader's language. A sentence not in the set is the generic failure.
 * PURE.
 */
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { RATIONALE_MAX_LENGTH, RATIONALE_MIN_LENGTH } from "~/features/manager-review/rules";

/** Why a rationale was refused (the same rule as RationaleSchema: trimmed, between the two lengths). */
export function rationaleIssueMessage(raw: string): PageMessage {
  const length = raw.trim().length;
  if (length === 0) return pageMessage("promotions.nomination.rationaleRequired");
  if (length < RATIONALE_MIN_LENGTH) return pageMessage("promotions.nomination.rationaleTooShort", { min: RATIONALE_MIN_LENGTH });
  return pageMessage("promotions.nomination.rationaleTooLong", { max: RATIONALE_MAX_LENGTH });
}

const FAILURES: Array<[RegExp, (m: RegExpMatchArray) => PageMessage]> = [
  [/^(.+) takes part as a reviewer only and cannot be nominated for promotion$/, (m) => pageMessage("promotions.nomination.reviewerOnly", { email: m[1]! })],
  [/^(.+) has not been nominated for promotion$/, (m) => pageMessage("promotions.nomination.notNominatedYet", { email: m[1]! })],
  [/^The nomination of (.+) is already withdrawn$/, (m) => pageMessage("promotions.nomination.alreadyWithdrawn", { email: m[1]! })],
  [/ is possible only in the /, () => pageMessage("promotions.nomination.stageClosed")],
  [/^Not allowed while viewing another user/, () => pageMessage("promotions.nomination.spoofing")],
];

/** A service's refusal of a nomination or a withdrawal, as the page says it. */
export function nominationFailureMessage(message: string): PageMessage {
  for (const [pattern, make] of FAILURES) {
    const m = message.match(pattern);
    if (m) return make(m);
  }
  return pageMessage("promotions.couldNotSave");
}
