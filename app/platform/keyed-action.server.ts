import { data } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { refusalKeyOf } from "~/platform/i18n/refusal-key";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * A page action whose texts reach the page as keys with values (issue 28, ADR 0076, ADR 0125): success → 200 with
 * the page's message; invalid input (zod) or a service's refusal (ApiError) → its status, with the message and a
 * message per field as `explain` says them. A refusal `explain` does not know is the page's `fallback` key, never the
 * service's English. The promotion pages, the "Personal data" card and the token pages answer through it.
 */
export type KeyedActionResult<I extends string> =
  | { ok: true; intent: I; message: PageMessage }
  | { ok: false; intent: I | null; message: PageMessage; fieldErrors: Record<string, PageMessage> };

export type Explained = { message: PageMessage; fieldErrors?: Record<string, PageMessage> };

export async function keyedAction<I extends string>(
  fallback: PageMessage,
  intent: I | null,
  fn: () => Promise<PageMessage>,
  explain: (err: ApiError | z.ZodError) => Explained | null,
) {
  const fail = (status: number, explained: Explained | null) =>
    data<KeyedActionResult<I>>(
      { ok: false, intent, message: explained?.message ?? fallback, fieldErrors: explained?.fieldErrors ?? {} },
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

/** A service's refusal by the key it wrote with `refusalDetails` (ADR 0108), else null (the page's fallback). */
export function refusalExplained(err: ApiError | z.ZodError): Explained | null {
  const key = err instanceof ApiError ? refusalKeyOf(err.details) : null;
  return key ? { message: key } : null;
}
