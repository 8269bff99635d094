import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { isSpoofing, requireUser } from "~/platform/auth.server";
import { intentOf, pageRead } from "~/platform/page-errors.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { noticeOf } from "~/platform/refusal-notice.server";
import { BODY_MAX_LENGTH, daysOf, PAGE_SIZE_DEFAULT } from "~/features/anytime-feedback/rules";
import { FeedbackIdParams, GiveFeedbackBody } from "~/features/anytime-feedback/contract.server";
import { giveFeedback, markViewed } from "~/features/anytime-feedback/service.server";
import { readAnytimeFeedbackPage } from "~/features/anytime-feedback/page-reads.server";
import type { AnytimeFeedbackActionResult, AnytimeFeedbackPageData } from "~/features/anytime-feedback/types";

/**
 * /app/anytime-feedback (ADR 0029): ?tab=received|sent|team (team: managers only), ?person= (email), ?days=
 * (7, 30, 90 or 365; else all time), ?offset=. The action gives feedback (intent give) or marks a received item
 * viewed (intent viewed); the service checks the person again and refuses both while spoofing.
 */

const email = z.email().max(320);

export async function loadAnytimeFeedbackPage({ request }: LoaderFunctionArgs): Promise<AnytimeFeedbackPageData> {
  const current = await requireUser(request);
  const url = new URL(request.url);
  const days = daysOf(url.searchParams.get("days"));
  const rawPerson = url.searchParams.get("person")?.trim() ?? "";
  const person = email.safeParse(rawPerson).success ? rawPerson : null;
  const rawOffset = Number(url.searchParams.get("offset") ?? "0");
  const offset = Number.isSafeInteger(rawOffset) && rawOffset >= 0 ? rawOffset : 0;
  // One prepared statement (issue 27): the tab, its list, its people, the unread count and my managers.
  const read = await pageRead(() => readAnytimeFeedbackPage(current, { tab: url.searchParams.get("tab"), days, person, limit: PAGE_SIZE_DEFAULT, offset }));
  return {
    me: { id: current.user.id, email: current.user.email },
    tab: read.tab,
    isManager: read.isManager,
    spoofing: isSpoofing(current),
    unreadCount: read.unreadCount,
    person,
    days: days ?? null,
    offset,
    limit: PAGE_SIZE_DEFAULT,
    list: read.list,
    people: read.people,
    myManagers: read.myManagers,
  };
}

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

type Intent = "give" | "viewed";

/** A form field's failed rule (GiveFeedbackBody, FeedbackIdParams) as the key the page shows next to it. */
function issueMessage(issue: z.core.$ZodIssue): PageMessage {
  const field = String(issue.path[0] ?? "");
  if (field === "reviewee_email") return pageMessage("anytime.result.invalidEmail");
  if (field === "body") return issue.code === "too_big" ? pageMessage("anytime.result.tooLong", { max: BODY_MAX_LENGTH }) : pageMessage("anytime.result.writeFeedback");
  return pageMessage("anytime.result.failed");
}

/** A service's refusal as the page says it: the rule's notice (rules.ts), else by code; never the service's English. */
function refusalMessage(err: ApiError): PageMessage {
  const notice = noticeOf(err);
  if (notice) return notice;
  if (err.code === "spoofing") return pageMessage("anytime.give.spoofing");
  return pageMessage("anytime.result.failed");
}

/**
 * The action's answer (issue 28): texts as keys with values. Success → 200 with the toast's message; invalid input
 * (zod) → 400 with a message per field; a service's refusal → its status, next to its field when it names one.
 */
async function keyedAction(intent: Intent | null, fn: () => Promise<PageMessage>) {
  const fail = (status: number, message: PageMessage, fieldErrors: Record<string, PageMessage> = {}) =>
    data<AnytimeFeedbackActionResult>({ ok: false, intent, message, fieldErrors }, { status });
  if (intent === null) return fail(400, pageMessage("anytime.result.failed"));
  try {
    return data<AnytimeFeedbackActionResult>({ ok: true, intent, message: await fn() });
  } catch (err) {
    if (err instanceof z.ZodError) {
      const fieldErrors: Record<string, PageMessage> = {};
      for (const issue of err.issues) {
        const key = String(issue.path[0] ?? "form");
        if (!(key in fieldErrors)) fieldErrors[key] = issueMessage(issue);
      }
      return fail(400, err.issues[0] ? issueMessage(err.issues[0]) : pageMessage("anytime.result.failed"), fieldErrors);
    }
    if (err instanceof ApiError) {
      // The service's refusals of a field (who, the text) show next to that field, as invalid input (400).
      const message = refusalMessage(err);
      const field = (err.details as { field?: unknown } | null)?.field;
      return typeof field === "string" ? fail(400, message, { [field]: message }) : fail(err.status, message);
    }
    throw err;
  }
}

export async function anytimeFeedbackAction({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  const form = await request.formData();
  const intent = intentOf(form, ["give", "viewed"] as const);
  return keyedAction(intent, async () => {
    if (intent === "viewed") {
      const { id } = FeedbackIdParams.parse({ id: text(form, "id") });
      await markViewed(current, id);
      return pageMessage("anytime.result.read");
    }
    const input = GiveFeedbackBody.parse({ reviewee_email: text(form, "reviewee_email").trim(), body: text(form, "body") });
    const item = await giveFeedback(current, input);
    return pageMessage("anytime.result.sent", { name: item.reviewee.name });
  });
}
