import { notFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { OUTCOME_FIELDS, type OutcomeField } from "~/features/participants/outcomes/fields";
import { PROMOTION_DECISIONS, type OutcomeEditActionData, type OutcomeEditPageData, type ParticipantJson } from "~/features/participants/rules";
import type { CycleJson } from "~/features/cycles/model.server";
import { ApiError } from "~/platform/api.server";
import type { Actor } from "~/platform/audit.server";
import { assertSuperAdmin, pageGuard, requireUser, type CurrentUser } from "~/platform/auth.server";
import { readParticipantPage } from "~/features/participants/page-reads.server";
import type { ParticipantRow } from "~/features/participants/model.server";
import { CalibratedRatingSchema } from "~/features/participants/schemas";
import { failureFromDetails, fieldMessagesOf, type ParticipantFormFailure } from "~/features/participants/refusals";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { setCalibratedRating, setPromotionDecision } from "~/features/participants/outcomes/service.server";
import { searchUsersForPicker } from "~/features/users/service.server";
import { doneParam, pageMessage } from "~/platform/i18n/page-message";

/** Server helpers of the participant pages under /app/admin/cycles/{cycleId}/participants. */

/**
 * For the pages of one participant (…/participants/{email}/…): the signed-in super admin (403 otherwise), the cycle
 * (404 for a malformed or unknown id) and the participant named by the {email} segment (404 if not a participant of
 * the cycle), read in one statement (page-reads.server.ts). Call in EVERY loader and action of such a page.
 */
export async function requireParticipantPage(
  request: Request,
  params: LoaderFunctionArgs["params"],
): Promise<{ current: CurrentUser; cycle: CycleJson; participant: ParticipantJson; row: ParticipantRow }> {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const cycleId = pageIdParam(params.cycleId);
  const { cycle, participant, row } = await readParticipantPage(cycleId, params.email ?? "");
  if (!cycle || !participant || !row) throw notFoundPage();
  return { current, cycle, participant, row };
}

/**
 * An ApiError/ZodError from the service as a form result, in keys (ADR 0108): the field errors by column, else the
 * refusal's own key, else `fallback` (the page's generic failure). Never the English.
 */
export function participantFormFailure(err: unknown, fallback: TranslationKey = "participants.result.saveFailed"): ParticipantFormFailure {
  if (err instanceof z.ZodError) return { status: 400, formError: null, fieldErrors: fieldMessagesOf(err) };
  if (err instanceof ApiError) return failureFromDetails(err.status, err.details, fallback);
  throw err;
}

/** A text field of a form: trimmed; '' when missing. */
export function formText(form: FormData, key: string): string {
  const v = form.get(key);
  return typeof v === "string" ? v.trim() : "";
}

/**
 * Active users whose name or email contains `q`, for the email pickers (at most 20, by name): the same search as
 * GET /api/v1/users (features/users/service.server.ts).
 */
export async function searchUsers(q: string): Promise<Array<{ email: string; name: string }>> {
  const { users } = await searchUsersForPicker(q.trim().slice(0, 200), undefined);
  return users.map((u) => ({ email: u.email, name: u.name }));
}

/** The participant form as the create/patch body: '' → null (none), the checkbox → boolean. */
export function participantFormValues(form: FormData, opts: { withEmail: boolean }) {
  const person = (key: string) => formText(form, key) || null;
  return {
    ...(opts.withEmail ? { email: formText(form, "email") } : {}),
    manager_email: person("manager_email"),
    secondary_manager_email: person("secondary_manager_email"),
    hr_partner_email: person("hr_partner_email"),
    reviewer_only: form.get("reviewer_only") === "on" || form.get("reviewer_only") === "true",
  };
}

/** The form's text as typed, to show it again next to its errors. */
export function participantFormStrings(form: FormData) {
  const raw = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  return {
    email: raw("email"),
    manager_email: raw("manager_email"),
    secondary_manager_email: raw("secondary_manager_email"),
    hr_partner_email: raw("hr_partner_email"),
    reviewer_only: form.get("reviewer_only") === "on" || form.get("reviewer_only") === "true",
  };
}

// ---------------------------------------------------------------------------------------------
// The single-choice outcome pages (.../participants/{email}/edit-rating and .../edit-promotion-decision).

/** The posted value ('' = none) as a save, or null when it is not one of the field's options. */
const OUTCOME_SAVES: Record<OutcomeField, (raw: unknown) => ((actor: Actor, cycleId: number, email: string) => Promise<ParticipantJson>) | null> = {
  calibrated_rating: (raw) => {
    const parsed = z.union([z.literal("").transform(() => null), z.coerce.number().pipe(CalibratedRatingSchema)]).safeParse(raw);
    return parsed.success ? (actor, cycleId, email) => setCalibratedRating(actor, cycleId, email, parsed.data) : null;
  },
  promotion_decision: (raw) => {
    const parsed = z.union([z.literal("").transform(() => null), z.enum(PROMOTION_DECISIONS)]).safeParse(raw);
    return parsed.success ? (actor, cycleId, email) => setPromotionDecision(actor, cycleId, email, parsed.data) : null;
  },
};

/** Loader of an outcome page: the cycle and the participant (super admin only; 404s as requireParticipantPage). */
export async function outcomeEditLoader({ request, params }: LoaderFunctionArgs): Promise<OutcomeEditPageData> {
  const { cycle, participant } = await requireParticipantPage(request, params);
  return { cycle, participant };
}

/** Action of an outcome page: save the posted value (audited by the service) → the participant list with a done message; 400 etc. as a form error. */
export function outcomeEditAction(field: OutcomeField) {
  const def = OUTCOME_FIELDS[field];
  return async ({ request, params }: ActionFunctionArgs) => {
    const { current, cycle, participant } = await requireParticipantPage(request, params);
    const form = await request.formData();
    const save = OUTCOME_SAVES[field](form.get(field) ?? undefined);
    if (!save) return data({ error: pageMessage(def.invalidMessage) } satisfies OutcomeEditActionData, { status: 400 });
    try {
      const updated = await save(current.actor, cycle.id, participant.email);
      return redirect(`/app/admin/cycles/${cycle.id}/participants?${doneParam(def.done(updated))}`);
    } catch (err) {
      const failure = participantFormFailure(err, def.failedMessage);
      return data({ error: failure.formError ?? pageMessage(def.failedMessage) } satisfies OutcomeEditActionData, { status: failure.status });
    }
  };
}
