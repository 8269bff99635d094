import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { forPage, notFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { cyclesForRole } from "~/features/calibration/sessions.server";
import { setupPool, setupSessions } from "~/features/calibration/setup-reads.server";
import {
  activateFromForm,
  createFromForm,
  loadCreateForm,
  loadEditForm,
  sessionCycleIdOf,
  setupCycleOf,
  updateFromForm,
  withDone,
} from "~/features/calibration/session-setup-pages.server";
import type { HrPartnerPageData, SessionFormPageData, SetupActionResult, SetupCycle } from "~/features/calibration/session-setup";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import { listedSessionInsights, mayOpenSessionInsights } from "~/features/insights/session-access.server";

/**
 * Loaders and actions of the HR partner's pages (spec §2, issue 13): /app/ratings/hr-partners (their
 * sessions and participants in the cycle of ?cycle_id=), /app/ratings/hr-partners/create-session?cycle_id= and
 * /app/ratings/hr-partners/sessions/{id}/edit. The cycles offered are those where the user is the HR partner
 * of a participant (or created a session); without ?cycle_id= the page goes to the first of them in the
 * calibration stage, else the latest.
 */

export const HR_PARTNER_LIST = "/app/ratings/hr-partners";

const listPath = (cycleId: number) => `${HR_PARTNER_LIST}?cycle_id=${cycleId}`;

type HrCycles = Awaited<ReturnType<typeof cyclesForRole>>;

/** The cycle of ?cycle_id= among the HR partner's cycles; without it, a redirect to the default one. */
async function chooseCycle(request: Request, current: CurrentUser): Promise<{ cycles: HrCycles; cycle: SetupCycle | null; raw: string | null }> {
  const cycles = await cyclesForRole(current, "hr_partner");
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if ((raw === null || raw === "") && cycles.length) {
    const first = cycles.find((c) => c.state === "calibration") ?? cycles[0]!;
    url.searchParams.set("cycle_id", String(first.id));
    throw redirect(url.pathname + url.search);
  }
  const found = raw && /^\d+$/.test(raw) ? cycles.find((c) => c.id === Number(raw)) : undefined;
  return { cycles, cycle: found ? setupCycleOf(found) : null, raw };
}

export async function loadHrPartnerPage(request: Request): Promise<HrPartnerPageData> {
  const current = await requireUser(request);
  const { cycles, cycle } = await chooseCycle(request, current);
  const options = cycles.map((c) => ({ id: c.id, name: c.name }));
  if (!cycles.length) return { kind: "none", message: "You are not the HR partner of anyone in a review cycle", cycles: options };
  if (!cycle) return { kind: "invalid", message: "Invalid Cycle ID", cycles: options };
  const [sessions, participants] = await Promise.all([
    forPage(() => setupSessions(current, "hr_partner", cycle.id)),
    forPage(async () => setupPool(current, "hr_partner", cycle.id, { language: (await requestPreferences(request)).language })),
  ]);
  const insightSessions = listedSessionInsights(current, sessions.map((s) => ({ id: s.id, createdById: s.created_by?.id ?? null })));
  return { kind: "selected", cycles: options, cycle, sessions, participants, insightSessions };
}

/** The list's action: intent "activate" (a draft of the HR partner's). */
export async function hrPartnerListAction(request: Request) {
  const current = await requireUser(request);
  const { cycle } = await chooseCycle(request, current);
  if (!cycle) throw notFoundPage();
  const form = await request.formData();
  const outcome = await activateFromForm(current, "hr_partner", cycle.id, form);
  return outcome.ok ? data<SetupActionResult>({ ok: true, intent: "activate", message: outcome.message }) : outcome.response;
}

export async function loadHrPartnerCreate(request: Request): Promise<SessionFormPageData> {
  const current = await requireUser(request);
  const { cycle } = await chooseCycle(request, current);
  if (!cycle) throw notFoundPage();
  return loadCreateForm(current, "hr_partner", cycle, listPath(cycle.id), (await requestPreferences(request)).language);
}

export async function hrPartnerCreateAction(request: Request) {
  const current = await requireUser(request);
  const { cycle } = await chooseCycle(request, current);
  if (!cycle) throw notFoundPage();
  const outcome = await createFromForm(current, "hr_partner", cycle.id, await request.formData());
  return outcome.ok ? redirect(withDone(listPath(cycle.id), outcome.message)) : outcome.response;
}

async function editTarget(request: Request, params: LoaderFunctionArgs["params"]) {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.id);
  return { current, sessionId, cycleId: await sessionCycleIdOf(sessionId) };
}

/** The edit page: the session (with its cycle) and the pool, two round trips (issue 27). */
export async function loadHrPartnerEdit(request: Request, params: LoaderFunctionArgs["params"]): Promise<SessionFormPageData> {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.id);
  const form = await loadEditForm(current, "hr_partner", null, sessionId, listPath, (await requestPreferences(request)).language);
  return { ...form, insightsLink: form.session !== null && (await mayOpenSessionInsights(current, { id: sessionId, createdById: form.session.created_by?.id ?? null })) };
}

/** intent "save" (the form) or "activate". */
export async function hrPartnerEditAction(request: Request, params: LoaderFunctionArgs["params"]) {
  const { current, sessionId, cycleId } = await editTarget(request, params);
  const form = await request.formData();
  form.set("session_id", String(sessionId));
  const outcome =
    form.get("intent") === "activate" ? await activateFromForm(current, "hr_partner", cycleId, form) : await updateFromForm(current, "hr_partner", cycleId, sessionId, form);
  return outcome.ok ? redirect(withDone(listPath(cycleId), outcome.message)) : outcome.response;
}
