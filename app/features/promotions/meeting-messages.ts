/**
 * What the promotion meeting pages (the panelist's and the sign-off party's session pages) can be told (issue 28, ADR
 * 0076): their actions' refusals and the schemas' failed rules as keys with values, chosen by status, code, details
 * and the failed rule (the services and zod keep their English for the API). A refusal not in the set reads as the
 * generic "did not work" key. PURE.
 */
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { CALIBRATION_LIMITS, isSessionState } from "~/features/calibration/rules";
import { PROMOTION_LIMITS } from "~/features/promotions/rules";
import { NOT_NOW_KEYS } from "~/features/promotions/meeting-keys";

type Issue = { path: ReadonlyArray<PropertyKey>; code: string; message: string };
export type MeetingRefusal = { status: number; code: string; details?: unknown };
export type MeetingExplained = { message: PageMessage; fieldErrors: Record<string, PageMessage> };

/** A page's own refusal of a form field (no pick, no open nomination): its key travels as the zod issue's message. */
export const MEETING_FIELD_KEYS = {
  pickNomination: "promotionsMeeting.error.pickNomination",
  chooseVote: "promotionsMeeting.error.chooseVote",
  openNomination: "promotionsMeeting.error.openNomination",
} as const satisfies Record<string, TranslationKey>;
const OWN_KEYS = new Set<string>(Object.values(MEETING_FIELD_KEYS));

function issueMessage(issue: Issue): PageMessage {
  if (issue.code === "custom" && OWN_KEYS.has(issue.message)) return pageMessage(issue.message as TranslationKey);
  const field = String(issue.path[0] ?? "");
  const tooBig = issue.code === "too_big";
  switch (field) {
    case "vote":
      return pageMessage("promotionsMeeting.error.chooseVote");
    case "note":
      return pageMessage("promotionsMeeting.error.noteTooLong", { max: PROMOTION_LIMITS.noteMax });
    case "body":
    case "comment":
      return tooBig ? pageMessage("promotionsMeeting.error.commentTooLong", { max: CALIBRATION_LIMITS.commentMax }) : pageMessage("promotionsMeeting.error.commentRequired");
  }
  return pageMessage("promotionsMeeting.error.failed");
}

/** A schema's failures: the first message of each field, and the first of all as the form's message. */
export function meetingIssues(issues: readonly Issue[]): MeetingExplained {
  const fieldErrors: Record<string, PageMessage> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (!(field in fieldErrors)) fieldErrors[field] = issueMessage(issue);
  }
  const first = issues[0];
  return { message: first ? issueMessage(first) : pageMessage("promotionsMeeting.error.failed"), fieldErrors };
}

/** A service's refusal of a vote, a comment, an approval or a send back, as the page says it. */
export function meetingRefusal(r: MeetingRefusal): MeetingExplained {
  const d = typeof r.details === "object" && r.details !== null ? (r.details as Record<string, unknown>) : {};
  const only = (message: PageMessage, field?: string): MeetingExplained => ({ message, fieldErrors: field ? { [field]: message } : {} });
  if (r.code === "spoofing") return only(pageMessage("promotionsMeeting.error.spoofing"));
  if (r.status === 403) return only(pageMessage("promotionsMeeting.error.forbidden"));
  if (r.status === 404) return only(pageMessage("promotionsMeeting.error.notFound"));
  if (r.status === 503) return only(pageMessage("promotionsMeeting.error.unavailable"));
  if (d.comment === "required") return only(pageMessage("promotionsMeeting.error.revisionComment"), "comment");
  // Closing over a significant gap in the promotion decisions without a written reason (ADR 0120).
  if (r.code === "gap_reason_required") return only(pageMessage("meetingFairness.promotion.reasonRequired"), "comment");
  if (d.body !== undefined) return only(pageMessage("promotionsMeeting.error.commentRequired"), "body");
  if (r.status === 409 && d.nomination_id !== undefined) return only(pageMessage("promotionsMeeting.error.inactive"));
  if (r.status === 409 && typeof d.state === "string" && isSessionState(d.state)) return only(pageMessage(NOT_NOW_KEYS[d.state]));
  if (r.status === 409) return only(pageMessage("promotionsMeeting.error.closed"));
  return only(pageMessage("promotionsMeeting.error.failed"));
}
