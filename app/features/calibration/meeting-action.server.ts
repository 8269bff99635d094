import { data } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { fieldMessage, pageFieldOf, pageMessageOf } from "~/features/calibration/meeting-messages";
import { CALIBRATION_FAILURE } from "../../../workflows/calibration-session-contract";

/**
 * The meeting pages' action runner (the session admin's, the panelist's and the sign-off party's pages): like the
 * platform's pageAction, but every text reaches the page as a key with values (issue 28, ADR 0076), said in the
 * reader's language by useMeetingAction. Success → 200 with the toast's message; invalid input (zod) → 400 with a
 * message per field; a service's refusal (ApiError) → its status with the message it was tagged with
 * (meeting-messages.ts; beside its form field when tagged with one), a closed session's refusal, or the generic "did
 * not work" (never the service's English).
 */
export type MeetingActionWire<I extends string> =
  | { ok: true; intent: I; message: PageMessage }
  | { ok: false; intent: I | null; message: PageMessage; fieldErrors: Record<string, PageMessage> };

/** A refusal of the page itself (a missing pick), with the message its page shows. */
export class MeetingRefusal extends ApiError {
  constructor(public readonly page: PageMessage) {
    super(400, "bad_request", page.key);
  }
}

function refusalMessage(err: ApiError): PageMessage {
  if (err instanceof MeetingRefusal) return err.page;
  const tagged = pageMessageOf(err);
  if (tagged) return tagged;
  const details = err.details as { reason?: unknown } | null;
  if (details?.reason === CALIBRATION_FAILURE.closed) return pageMessage("calibrationMeeting.error.closed");
  if (err.status === 403) return pageMessage("calibrationMeeting.error.forbidden");
  return pageMessage("calibrationMeeting.error.failed");
}

export async function meetingAction<I extends string>(intent: I | null, fn: () => Promise<PageMessage>) {
  type Result = MeetingActionWire<I>;
  if (intent === null) return data<Result>({ ok: false, intent, message: pageMessage("calibrationMeeting.error.unknownAction"), fieldErrors: {} }, { status: 400 });
  try {
    return data<Result>({ ok: true, intent, message: await fn() });
  } catch (err) {
    if (err instanceof z.ZodError) {
      const fieldErrors: Record<string, PageMessage> = {};
      for (const issue of err.issues) {
        const key = String(issue.path[0] ?? "form");
        if (!(key in fieldErrors)) fieldErrors[key] = fieldMessage(issue);
      }
      const first = err.issues[0];
      return data<Result>({ ok: false, intent, message: first ? fieldMessage(first) : pageMessage("calibrationMeeting.error.failed"), fieldErrors }, { status: 400 });
    }
    if (err instanceof ApiError) {
      const message = refusalMessage(err);
      const field = pageFieldOf(err);
      return data<Result>({ ok: false, intent, message, fieldErrors: field ? { [field]: message } : {} }, { status: err.status });
    }
    throw err;
  }
}
