import type { z } from "zod";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

/**
 * The meeting pages' refusals as keys with values (issue 28, ADR 0076): the meeting service tags the ApiError it
 * throws with the message its page shows (`withPageMessage`; the API still answers its own English message and
 * details, which this tag does not touch), and the pages' action runner (meeting-action.server.ts) reads it back
 * (`pageMessageOf`) or says why a form's field was refused (`fieldMessage`). PURE: no server imports.
 */

const TAG = Symbol.for("calibration.pageMessage");
const FIELD = Symbol.for("calibration.pageField");

type Tagged = { [TAG]?: PageMessage; [FIELD]?: string };

/** `err` carrying the message a meeting page shows for it; with `field`, beside that field of the form. */
export function withPageMessage<E extends Error>(err: E, message: PageMessage, field?: string): E {
  Object.defineProperty(err, TAG, { value: message, enumerable: false });
  if (field) Object.defineProperty(err, FIELD, { value: field, enumerable: false });
  return err;
}

/** The page's message an error carries, or null. */
export function pageMessageOf(err: unknown): PageMessage | null {
  return (typeof err === "object" && err !== null && (err as Tagged)[TAG]) || null;
}

/** The form field an error's message belongs beside, or null (the form's message). */
export function pageFieldOf(err: unknown): string | null {
  return (typeof err === "object" && err !== null && (err as Tagged)[FIELD]) || null;
}

/** The written fields of the meeting forms (a required text at most `max` long). */
const TEXT_FIELDS = new Set(["reason", "justification", "body", "comment"]);
/** The fields picked from a list (a rating on the scale, a potential). */
const CHOICE_FIELDS = new Set(["rating", "calibrated_rating", "potential"]);

/** What a form shows for one schema issue: by its field and the kind of issue, never the schema's English. */
export function fieldMessage(issue: z.ZodError["issues"][number]): PageMessage {
  const field = String(issue.path[0] ?? "");
  if (TEXT_FIELDS.has(field)) {
    if (issue.code === "too_big") return pageMessage("calibrationMeeting.error.tooLong", { max: Number(issue.maximum) });
    return pageMessage("calibrationMeeting.error.required");
  }
  if (CHOICE_FIELDS.has(field)) return pageMessage("calibrationMeeting.error.choose");
  if (field === "participant_ids" && issue.code === "too_small") return pageMessage("calibrationMeeting.error.pickOne");
  if (field === "" && issue.code === "custom") return pageMessage("calibrationMeeting.error.ratingOrPotential");
  return pageMessage("calibrationMeeting.error.failed");
}
