import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorsByQuestion, type AnswerIssue } from "~/features/feedback/answers";
import type { Message } from "~/features/feedback/answer-messages";
import type { CycleStage } from "~/features/cycles/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { answersFromFormField } from "~/features/feedback/answers";
import { ApiError, badRequest } from "~/platform/api.server";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { formRuleText } from "~/features/cycles/reviewer-names";
import { resolveSelectedCycle, type SelectedCycle } from "~/features/cycles/service.server";
import {
  adjustFeedback,
  getMyFeedback,
  saveFeedbackDraft,
  submitFeedback,
  type FeedbackDetail,
} from "~/features/feedback/service.server";

/** Server helpers of the 360 feedback pages under /app/performance/spu-feedback (ADR 0021). */

/** An ApiError as the page's error response (the app layout's ErrorBoundary shows it). */
export function pageError(err: unknown): never {
  if (err instanceof ApiError) throw new Response(err.message, { status: err.status, statusText: err.message });
  throw err;
}

export type FeedbackPage = {
  current: CurrentUser;
  selection: SelectedCycle;
  cycles: Array<{ id: number; name: string }>;
};

/** The signed-in user and the cycle selected with ?cycle_id= (redirects to add it when missing). */
export async function requireFeedbackPage(request: Request): Promise<FeedbackPage> {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  return { current, selection, cycles: selection.cycles.map((c) => ({ id: c.id, name: c.name })) };
}

/** The cycle and my feedback for the {email} reviewee: 404 page for an unknown cycle/person, 403 when not asked. */
export async function requireMyFeedbackPage(
  request: Request,
  params: LoaderFunctionArgs["params"],
): Promise<{ current: CurrentUser; cycle: { id: number; name: string; names_rule: string }; feedback: FeedbackDetail }> {
  const { current, selection } = await requireFeedbackPage(request);
  if (selection.kind !== "selected") throw new Response(selection.message, { status: 404, statusText: selection.message });
  const email = (params.email ?? "").trim().toLowerCase();
  try {
    const feedback = await getMyFeedback(current, selection.cycle.id, email);
    // What the reviewer is promised about their name, from the cycle's setting (ADR 0058), shown before they write.
    const names = { peer: selection.cycle.peer_names, upward: selection.cycle.upward_names };
    return { current, cycle: { id: selection.cycle.id, name: selection.cycle.name, names_rule: formRuleText(names, feedback.reviewer_type) }, feedback };
  } catch (err) {
    pageError(err);
  }
}

export const FEEDBACK_INTENTS = ["save", "submit", "adjust"] as const;
export type FeedbackIntent = (typeof FEEDBACK_INTENTS)[number];

/**
 * The action's answer: the page's toast or error as a translation key with its values (issue 28); `errors` are the
 * per-question messages of answers.ts, which the questionnaire form shows through their keys.
 */
export type FeedbackActionResult =
  | { ok: true; intent: FeedbackIntent; message: Message; feedback: FeedbackDetail }
  | { ok: false; intent: FeedbackIntent | null; status: number; error: Message; errors: Record<string, string> };

const DONE: Record<FeedbackIntent, (name: string) => Message> = {
  save: () => ({ key: "feedbackForm.draftSaved" }),
  submit: (name) => ({ key: "feedbackForm.submittedToast", values: { name } }),
  adjust: (name) => ({ key: "feedbackForm.updatedToast", values: { name } }),
};

/** The stage rule's refusal, by the stage the cycle is in (the service's text in each language). */
const STAGE_CLOSED: Partial<Record<CycleStage, TranslationKey>> = {
  draft: "feedbackForm.stageClosed.draft",
  start: "feedbackForm.stageClosed.start",
  manager_feedback: "feedbackForm.stageClosed.manager_feedback",
  calibration: "feedbackForm.stageClosed.calibration",
  communication: "feedbackForm.stageClosed.communication",
};

/** A refusal without per-question issues as the page's message: the stage rule, the submit/adjust mix-up, else a retry. */
function refusalMessage(err: ApiError): Message {
  const details = err.details as { allowed_stages?: unknown; stage?: CycleStage } | null;
  const closed = err.status === 409 && details?.allowed_stages && details.stage ? STAGE_CLOSED[details.stage] : undefined;
  if (closed) return { key: closed };
  if (err.status === 409 && err.message.includes("has not been submitted yet")) return { key: "feedbackForm.notYetSubmitted" };
  if (err.status === 409 && err.message.includes("has already been submitted")) return { key: "feedbackForm.alreadySubmitted" };
  return { key: "feedbackForm.failed" };
}

/** The give-feedback form's action: intent save | submit | adjust with the answers JSON field. */
export async function feedbackPageAction(request: Request, params: LoaderFunctionArgs["params"]): Promise<FeedbackActionResult> {
  const { current, cycle, feedback } = await requireMyFeedbackPage(request, params);
  const form = await request.formData();
  const rawIntent = String(form.get("intent") ?? "");
  const intent = (FEEDBACK_INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as FeedbackIntent) : null;
  try {
    if (!intent) throw badRequest("Unknown action");
    const parsed = answersFromFormField(form.get("answers"));
    if (!parsed.ok) throw badRequest(parsed.issues[0]!.message, { issues: parsed.issues });
    const email = feedback.reviewee.email;
    const run = intent === "save" ? saveFeedbackDraft : intent === "submit" ? submitFeedback : adjustFeedback;
    const updated = await run(current, cycle.id, email, parsed.value);
    return { ok: true, intent, message: DONE[intent](updated.reviewee.name), feedback: updated };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const issues = (err.details as { issues?: AnswerIssue[] } | null)?.issues;
    if (issues) {
      const count = issues.length;
      const error: Message = { key: intent === "save" ? "feedbackForm.draftNotSaved" : "feedbackForm.notSubmitted", values: { count } };
      return { ok: false, intent, status: err.status, error, errors: errorsByQuestion(issues) };
    }
    return { ok: false, intent, status: err.status, error: refusalMessage(err), errors: {} };
  }
}
