import { data } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

/**
 * A promotion page's action whose texts reach the page as keys with values (issue 28, ADR 0076): success → 200 with
 * the toast's message; invalid input (zod) or a service's refusal (ApiError) → its status, with the message and a
 * message per field as `explain` says them (a refusal it does not know is the generic "did not work" key, never the
 * service's English). calibration's useMeetingAction says these messages in the reader's language.
 */
export type KeyedActionResult<I extends string> =
  | { ok: true; intent: I; message: PageMessage }
  | { ok: false; intent: I | null; message: PageMessage; fieldErrors: Record<string, PageMessage> };

export type Explained = { message: PageMessage; fieldErrors?: Record<string, PageMessage> };

export async function keyedAction<I extends string>(
  intent: I | null,
  fn: () => Promise<PageMessage>,
  explain: (err: ApiError | z.ZodError) => Explained | null,
) {
  const fail = (status: number, explained: Explained | null) =>
    data<KeyedActionResult<I>>(
      { ok: false, intent, message: explained?.message ?? pageMessage("promotions.couldNotSave"), fieldErrors: explained?.fieldErrors ?? {} },
      { status },
    );
  if (intent === null) return fail(400, null);
  try {
    return data<KeyedActionResult<I>>({ ok: true, intent, message: await fn() });
  } catch (err) {
    if (err instanceof z.ZodError) return fail(400, explain(err));
    if (err instanceof ApiError) return fail(err.status, explain(err));
    throw err;
  }
}
