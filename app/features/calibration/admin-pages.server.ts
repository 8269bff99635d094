import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ZodError } from "zod";
import { ApiError } from "~/platform/api.server";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { forPage, pageIdParam } from "~/platform/page-errors.server";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { adminCloseSessions } from "~/features/calibration/meeting.server";
import { setupPool, setupSessions } from "~/features/calibration/setup-reads.server";
import { activateFromForm, loadEditForm, setupCycleOf, updateFromForm, withDone } from "~/features/calibration/session-setup-pages.server";
import { calibrationSessionWorkflowId } from "../../../workflows/calibration-session-contract";
import { pageMessage } from "~/platform/i18n/page-message";
import { setupRefusal } from "~/features/calibration/setup-messages.server";
import type { AdminSessionsPageData, SessionFormPageData, SetupActionResult } from "~/features/calibration/session-setup";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import type { GapSession } from "~/features/insights/meeting-fairness";

/**
 * Loaders and actions of the admin's calibration pages (super admin only; the /app/admin layout refuses
 * others and every loader and action here checks again): /app/admin/calibration-sessions?cycle_id= (every
 * session of the cycle, the participants in none, activate, close all / close those in review, with the written reason
 * a session's significant gap asks for, ADR 0120) and
 * /app/admin/cycles/{cycleId}/calibration-sessions/{id}/edit.
 */

export const ADMIN_LIST = "/app/admin/calibration-sessions";
const listPath = (cycleId: number) => `${ADMIN_LIST}?cycle_id=${cycleId}`;

async function requireAdmin(request: Request) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return current;
}

export async function loadAdminSessionsPage(request: Request): Promise<AdminSessionsPageData> {
  const current = await requireAdmin(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") return { kind: selection.kind, message: selection.message, cycles };
  const cycleId = selection.cycle.id;
  const [sessions, unassigned] = await Promise.all([
    forPage(() => setupSessions(current, "admin", cycleId)),
    forPage(async () => setupPool(current, "admin", cycleId, { notInSession: true, language: (await requestPreferences(request)).language })),
  ]);
  return {
    kind: "selected",
    cycles,
    cycle: setupCycleOf(selection.cycle),
    sessions: sessions.map((s) => ({ ...s, workflow_id: calibrationSessionWorkflowId(s.id) })),
    unassigned,
  };
}

/** intent "activate" (session_id), "close_all" or "close_in_review" on the cycle of ?cycle_id=. */
export async function adminSessionsAction(request: Request) {
  const current = await requireAdmin(request);
  const selection = await resolveSelectedCycle(request);
  if (selection.kind !== "selected") return data<SetupActionResult>({ ok: false, intent: "", formError: pageMessage(selection.kind === "none" ? "calibrationSetup.cycle.none" : "calibrationSetup.cycle.invalid"), fieldErrors: {} }, { status: 404 });
  const cycleId = selection.cycle.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "activate") {
    const outcome = await activateFromForm(current, "admin", cycleId, form);
    return outcome.ok ? data<SetupActionResult>({ ok: true, intent, message: outcome.message }) : outcome.response;
  }
  if (intent !== "close_all" && intent !== "close_in_review") {
    return data<SetupActionResult>({ ok: false, intent, formError: pageMessage("calibrationSetup.error.unknownAction"), fieldErrors: {} }, { status: 400 });
  }
  const which = intent === "close_all" ? "all" : "in_review";
  try {
    const { closed_session_ids: closed } = await adminCloseSessions(current, cycleId, which, "RATING", String(form.get("reason") ?? ""));
    const message = closed.length
      ? pageMessage("calibrationSetup.done.closed", { count: closed.length })
      : pageMessage(which === "all" ? "calibrationSetup.done.noneOpen" : "calibrationSetup.done.noneInReview");
    return data<SetupActionResult>({ ok: true, intent, message });
  } catch (err) {
    if (err instanceof ZodError) {
      return data<SetupActionResult>({ ok: false, intent, formError: pageMessage("calibrationMeeting.error.tooLong", { max: CALIBRATION_LIMITS.commentMax }), fieldErrors: {} }, { status: 400 });
    }
    if (!(err instanceof ApiError)) throw err;
    // A session to close has a significant gap and no reason was written (ADR 0120): the dialog lists them and asks one.
    if (err.code === "gap_reason_required") {
      const gapSessions = (err.details as { sessions: GapSession[] }).sessions;
      return data<SetupActionResult>({ ok: false, intent, formError: pageMessage("meetingFairness.forced.reasonRequired", { count: gapSessions.length }), fieldErrors: {}, gapSessions }, { status: err.status });
    }
    return data<SetupActionResult>({ ok: false, intent, formError: setupRefusal(err, "admin", cycleId), fieldErrors: {} }, { status: err.status });
  }
}

export async function loadAdminEdit(request: Request, params: LoaderFunctionArgs["params"]): Promise<SessionFormPageData> {
  const { current, cycle } = await requireAdminCycle(request, params);
  const sessionId = pageIdParam(params.id);
  return loadEditForm(current, "admin", cycle.id, sessionId, listPath, (await requestPreferences(request)).language);
}

/** intent "save" (the form) or "activate". */
export async function adminEditAction(request: Request, params: LoaderFunctionArgs["params"]) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const sessionId = pageIdParam(params.id);
  const form = await request.formData();
  form.set("session_id", String(sessionId));
  const outcome =
    form.get("intent") === "activate" ? await activateFromForm(current, "admin", cycle.id, form) : await updateFromForm(current, "admin", cycle.id, sessionId, form);
  return outcome.ok ? redirect(withDone(listPath(cycle.id), outcome.message)) : outcome.response;
}
