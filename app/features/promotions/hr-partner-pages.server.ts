import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { forbiddenPage, notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { rolesIn, stateOf } from "~/features/calibration/model.server";
import { mayPromotion } from "~/features/promotions/rules";
import { createPromotionSession, updatePromotionSession } from "~/features/promotions/sessions.server";
import { readHrCycles, readHrNominationPool, readHrSessions, readPromotionSession } from "~/features/promotions/hr-reads.server";
import { hrFieldErrors, sessionFormRefusal } from "~/features/promotions/hr-messages";
import { listedSessionInsights } from "~/features/insights/session-access.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { formId, formIds, formText, withDone } from "~/features/promotions/page-helpers.server";
import {
  hrPaths,
  PROMOTION_FORM_FIELDS,
  type HrCycle,
  type HrCycleOption,
  type NominationsPageData,
  type PromotionFieldErrors,
  type SessionFormPage,
  type SessionFormResult,
} from "~/features/promotions/hr-page-types";

/**
 * The HR partner's (promotion session admin's) setup pages (spec §2, issue 14): /app/promotions/hr-partners/nominations
 * (the cycle's nominations of their people and their promotion sessions), /create-session?cycle_id= and
 * /sessions/{id}/edit. The cycles offered are those where they are the HR partner of a nominee (or created a
 * promotion session); without ?cycle_id= a page goes to the first in the calibration stage, else the latest.
 * Every write goes through the promotion session service (validation, audit, the workflow). Reads (issue 27): the
 * prepared statements of hr-reads.server.ts, at most 3 round trips a page.
 */

type Cycles = Awaited<ReturnType<typeof readHrCycles>>;

function hrCycleOf(c: { id: number; name: string; state: string; stage_label: string }): HrCycle {
  return { id: c.id, name: c.name, state: c.state as HrCycle["state"], stage_label: c.stage_label };
}

/** The cycle of ?cycle_id= among the HR partner's promotion cycles; without it, a redirect to the default one. */
async function chooseCycle(request: Request, current: CurrentUser): Promise<{ cycles: Cycles; options: HrCycleOption[]; cycle: HrCycle | null }> {
  const cycles = await pageRead(() => readHrCycles(current));
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if ((raw === null || raw === "") && cycles.length) {
    const first = cycles.find((c) => c.state === "calibration") ?? cycles[0]!;
    url.searchParams.set("cycle_id", String(first.id));
    throw redirect(url.pathname + url.search);
  }
  const found = raw && /^\d+$/.test(raw) ? cycles.find((c) => c.id === Number(raw)) : undefined;
  return { cycles, options: cycles.map((c) => ({ id: c.id, name: c.name })), cycle: found ? hrCycleOf(found) : null };
}

export async function loadNominationsPage(request: Request): Promise<NominationsPageData> {
  const current = await requireUser(request);
  const { cycles, options, cycle } = await chooseCycle(request, current);
  if (!cycles.length) return { kind: "none", message: "No promotion nominations of your people yet", cycles: options };
  if (!cycle) return { kind: "invalid", message: "Invalid Cycle ID", cycles: options };
  const [nominations, sessions] = await Promise.all([pageRead(() => readHrNominationPool(current, cycle.id)), pageRead(() => readHrSessions(current, cycle.id))]);
  const insightSessions = listedSessionInsights(current, sessions.map((s) => ({ id: s.id, createdById: s.created_by?.id ?? null })));
  return { kind: "selected", cycles: options, cycle, myId: current.user.id, nominations, sessions, insightSessions };
}

// ---------------------------------------------------------------------------------------------
// Create

export async function loadCreatePage(request: Request): Promise<SessionFormPage> {
  const current = await requireUser(request);
  const { options, cycle } = await chooseCycle(request, current);
  if (!cycle) return { kind: "invalid", message: options.length ? "Invalid Cycle ID" : "No promotion nominations of your people yet", cycles: options };
  const pool = await pageRead(() => readHrNominationPool(current, cycle.id, { notInSession: true }));
  const open = cycle.state !== "draft" && cycle.state !== "communication";
  return {
    kind: "form",
    form: { cycle, session: null, pool, selected: [], structureEditable: open, deadlineEditable: open, backTo: hrPaths.nominations(cycle.id) },
  };
}

/** The posted form as the session body (nomination_id, panelist_id and sign_off_id repeat; deadline ISO or ''). */
function bodyOf(form: FormData) {
  return {
    name: formText(form, "name"),
    nomination_ids: formIds(form, "nomination_id"),
    session_admin_id: formId(form, "session_admin_id"),
    panelist_ids: formIds(form, "panelist_id"),
    sign_off_ids: formIds(form, "sign_off_id"),
    deadline: formText(form, "deadline") || null,
  };
}

function fail(status: number, formError: PageMessage | null, fieldErrors: PromotionFieldErrors = {}) {
  return data<SessionFormResult>({ ok: false, formError, fieldErrors }, { status });
}

/**
 * A service failure as the form shows it, in keys (issue 28): zod → a message next to each field; ApiError → the
 * form's message (hr-messages.ts; `stage`: the cycle's, `editing`: the edit form); anything else is rethrown.
 */
function failure(err: unknown, stage: HrCycle["state"], editing: boolean) {
  if (err instanceof z.ZodError) return fail(400, null, hrFieldErrors(err.issues, PROMOTION_FORM_FIELDS) as PromotionFieldErrors);
  if (err instanceof ApiError) return fail(err.status, sessionFormRefusal(err, stage, editing));
  throw err;
}

/** The address of the session page with its toast as a key (the shell says it once, in the reader's language). */
function doneAt(path: string, message: PageMessage): string {
  return withDone(path, JSON.stringify(message));
}

export async function createAction(request: Request) {
  const current = await requireUser(request);
  const { cycle } = await chooseCycle(request, current);
  if (!cycle) throw notFoundPage();
  try {
    const session = await createPromotionSession(current, "hr_partner", cycle.id, bodyOf(await request.formData()));
    return redirect(doneAt(hrPaths.session(session.id, cycle.id), pageMessage("promotionsHr.result.created", { name: session.name })));
  } catch (err) {
    return failure(err, cycle.state, false);
  }
}

// ---------------------------------------------------------------------------------------------
// Edit

/** The session of the edit page: params.id, and its cycle (?cycle_id= when given, else the session's); one read. */
async function editRef(request: Request, params: LoaderFunctionArgs["params"]) {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.id);
  const raw = new URL(request.url).searchParams.get("cycle_id");
  if (raw !== null && raw !== "" && !/^\d+$/.test(raw)) throw notFoundPage();
  const read = await pageRead(() => readPromotionSession(sessionId, raw ? Number(raw) : null));
  if (!read) throw notFoundPage();
  return { current, sessionId, cycleId: read.cycle.id, read };
}

export async function loadEditPage(request: Request, params: LoaderFunctionArgs["params"]): Promise<SessionFormPage> {
  const { current, sessionId, cycleId, read } = await editRef(request, params);
  const roles = rolesIn(read.row, current);
  // Only the HR partner who created the session edits it (as getPromotionSessionDetail(…, "hr_partner", …) answered).
  if (!roles.includes("hr_partner")) throw forbiddenPage();
  const pool = await pageRead(() => readHrNominationPool(current, cycleId));
  const selected = read.nominationIds;
  const offered = pool.filter((n) => selected.includes(n.id) || (n.session === null && n.status === "nominated"));
  return {
    kind: "form",
    form: {
      cycle: hrCycleOf(read.cycle),
      session: read.json,
      pool: offered,
      selected,
      structureEditable: mayPromotion(roles, "edit", stateOf(read.row)),
      deadlineEditable: read.json.state !== "closed",
      backTo: hrPaths.session(sessionId, cycleId),
    },
  };
}

/** Save: everything while a draft (the deadline only when it changed), otherwise only the deadline. */
export async function editAction(request: Request, params: LoaderFunctionArgs["params"]) {
  const { current, sessionId, cycleId, read } = await editRef(request, params);
  const form = await request.formData();
  const deadline = formText(form, "deadline") || null;
  const deadlineChanged = deadline !== (formText(form, "deadline_before") || null);
  let patch: Record<string, unknown>;
  if (form.get("structure") === "1") {
    const { deadline: _d, ...structure } = bodyOf(form);
    patch = deadlineChanged ? { ...structure, deadline } : structure;
  } else {
    if (!deadlineChanged) return fail(400, null, { deadline: [pageMessage("promotionsHr.error.nothingToChange")] });
    patch = { deadline };
  }
  try {
    const session = await updatePromotionSession(current, "hr_partner", cycleId, sessionId, patch);
    return redirect(doneAt(hrPaths.session(sessionId, cycleId), pageMessage("promotionsHr.result.saved", { name: session.name })));
  } catch (err) {
    return failure(err, read.cycle.state, true);
  }
}
