import { data } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { forPage, notFoundPage } from "~/platform/page-errors.server";
import { RATINGS } from "~/features/calibration/rules";
import { SessionInputSchema } from "~/features/calibration/schemas";
import { activateSession, createSession, updateSession } from "~/features/calibration/sessions.server";
import { setupPool, setupSession } from "~/features/calibration/setup-reads.server";
import { calibrationSessionWorkflowId } from "../../../workflows/calibration-session-contract";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { sessionFieldErrors, setupRefusal } from "~/features/calibration/setup-messages.server";
import type { SessionFieldErrors, SessionFormPageData, SetupActionResult, SetupCycle, SetupOwner } from "~/features/calibration/session-setup";

/**
 * What the HR partner's and the admin's session setup pages share (hr-partner-pages.server.ts,
 * admin-pages.server.ts): the create/edit form's data, reading the posted form, and the save and activate
 * actions. Every write goes through the calibration services (they validate, audit and talk to the workflow).
 */

export function setupCycleOf(c: { id: number; name: string; state: string; stage_label: string }): SetupCycle {
  return { id: c.id, name: c.name, state: c.state as SetupCycle["state"], stage_label: c.stage_label };
}

/** The cycle of rating session `sessionId` (the HR partner's edit actions: their address names no cycle), or the 404 page. */
export async function sessionCycleIdOf(sessionId: number): Promise<number> {
  const db = await getDb();
  const row = await db.calibrationSession.findFirst({ where: { id: sessionId, kind: "RATING" }, select: { cycleId: true } });
  if (!row) throw notFoundPage();
  return row.cycleId;
}

/** The create form: the owner's participants of the cycle (by name in `language`'s collation, ADR 0101), nothing chosen yet. */
export async function loadCreateForm(current: CurrentUser, owner: SetupOwner, cycle: SetupCycle, backTo: string, language?: string): Promise<SessionFormPageData> {
  const pool = await forPage(() => setupPool(current, owner, cycle.id, { language }));
  const open = cycle.state !== "draft" && cycle.state !== "communication";
  return { owner, cycle, session: null, workflowId: null, pool, structureEditable: open, deadlineEditable: open, canActivate: false, backTo };
}

/**
 * The edit form of session `sessionId` as `owner` sees it (403/404 pages), in two round trips: the session with its
 * cycle, then the pool. `cycleId` (the admin's address names one) must be the session's; `backTo` gets its cycle.
 */
export async function loadEditForm(
  current: CurrentUser,
  owner: SetupOwner,
  cycleId: number | null,
  sessionId: number,
  backTo: (cycleId: number) => string,
  language?: string,
): Promise<SessionFormPageData> {
  const detail = await forPage(() => setupSession(current, owner, sessionId));
  if (cycleId !== null && detail.session.cycle_id !== cycleId) throw notFoundPage();
  const { cycle } = detail;
  const pool = await forPage(() => setupPool(current, owner, cycle.id, { language }));
  return {
    owner,
    cycle: setupCycleOf(cycle),
    session: detail.session,
    workflowId: calibrationSessionWorkflowId(sessionId),
    pool,
    structureEditable: detail.allowed.edit,
    deadlineEditable: detail.allowed.set_deadline,
    canActivate: detail.allowed.activate,
    backTo: backTo(cycle.id),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the form

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v.trim() : "";
};
const idsOf = (form: FormData, key: string) =>
  form
    .getAll(key)
    .map((v) => (typeof v === "string" ? v.trim() : ""))
    .filter(Boolean)
    .map(Number);
const numberOf = (raw: string) => (raw === "" ? Number.NaN : Number(raw));

/** The posted session form as the create body (participant_id, panelist_id, sign_off_id repeat; guideline_1..5; deadline ISO or ''). */
export function sessionBodyOf(form: FormData) {
  const admin = text(form, "session_admin_id");
  return {
    name: text(form, "name"),
    participant_ids: idsOf(form, "participant_id"),
    ...(admin ? { session_admin_id: Number(admin) } : {}),
    panelist_ids: idsOf(form, "panelist_id"),
    sign_off_ids: idsOf(form, "sign_off_id"),
    guideline: Object.fromEntries(RATINGS.map((r) => [String(r), numberOf(text(form, `guideline_${r}`))])),
    deadline: text(form, "deadline") || null,
  };
}

function fail(intent: string, status: number, formError: PageMessage | null, fieldErrors: SessionFieldErrors = {}) {
  return data<SetupActionResult>({ ok: false, intent, formError, fieldErrors }, { status });
}

/** A service failure as the form shows it (keys, setup-messages.server.ts): zod → field errors; ApiError → its message; anything else is rethrown. */
function failure(intent: string, err: unknown, owner: SetupOwner, cycleId: number) {
  if (err instanceof z.ZodError) return fail(intent, 400, null, sessionFieldErrors(err));
  if (err instanceof ApiError) return fail(intent, err.status, setupRefusal(err, owner, cycleId));
  throw err;
}

/** Check the create body first, so an empty picker gets a plain sentence. */
function precheck(body: ReturnType<typeof sessionBodyOf>): SessionFieldErrors | null {
  const parsed = SessionInputSchema.safeParse(body);
  const errors = parsed.success ? {} : sessionFieldErrors(parsed.error);
  if (!("session_admin_id" in body)) errors.session_admin_id = [pageMessage("calibrationSetup.field.pickAdmin")];
  return Object.keys(errors).length ? errors : null;
}

// ---------------------------------------------------------------------------------------------
// Actions

export type SaveOutcome = { ok: true; sessionId: number; message: PageMessage } | { ok: false; response: ReturnType<typeof fail> };

/** intent "save" of the create form: a new draft session. */
export async function createFromForm(current: CurrentUser, owner: SetupOwner, cycleId: number, form: FormData): Promise<SaveOutcome> {
  const body = sessionBodyOf(form);
  const errors = precheck(body);
  if (errors) return { ok: false, response: fail("save", 400, null, errors) };
  try {
    const session = await createSession(current, owner, cycleId, body);
    return { ok: true, sessionId: session.id, message: pageMessage("calibrationSetup.done.created", { name: session.name }) };
  } catch (err) {
    return { ok: false, response: failure("save", err, owner, cycleId) };
  }
}

/** intent "save" of the edit form: everything while a draft (the deadline only when it changed), otherwise only the deadline. */
export async function updateFromForm(current: CurrentUser, owner: SetupOwner, cycleId: number, sessionId: number, form: FormData): Promise<SaveOutcome> {
  const deadline = text(form, "deadline") || null;
  const deadlineBefore = text(form, "deadline_before") || null;
  const deadlineChanged = deadline !== deadlineBefore;
  let patch: Record<string, unknown>;
  if (form.get("structure") === "1") {
    const body = sessionBodyOf(form);
    const errors = precheck(body);
    if (errors) return { ok: false, response: fail("save", 400, null, errors) };
    const structure: Record<string, unknown> = { ...body };
    if (!deadlineChanged) delete structure.deadline;
    patch = structure;
  } else {
    if (!deadlineChanged) return { ok: false, response: fail("save", 400, null, { deadline: [pageMessage("calibrationSetup.field.nothingToChange")] }) };
    patch = { deadline };
  }
  try {
    const session = await updateSession(current, owner, cycleId, sessionId, patch);
    return { ok: true, sessionId, message: pageMessage("calibrationSetup.done.saved", { name: session.name }) };
  } catch (err) {
    return { ok: false, response: failure("save", err, owner, cycleId) };
  }
}

/** intent "activate": the draft becomes active (409 outside the calibration stage: its message is shown). */
export async function activateFromForm(current: CurrentUser, owner: SetupOwner, cycleId: number, form: FormData): Promise<SaveOutcome> {
  const raw = text(form, "session_id");
  if (!/^\d+$/.test(raw)) return { ok: false, response: fail("activate", 400, pageMessage("calibrationSetup.error.unknownSession")) };
  try {
    const session = await activateSession(current, owner, cycleId, Number(raw));
    return { ok: true, sessionId: session.id, message: pageMessage("calibrationSetup.done.activated", { name: session.name }) };
  } catch (err) {
    return { ok: false, response: failure("activate", err, owner, cycleId) };
  }
}

/** A toast-carrying address: the list page with ?done= as a key (shown once in the reader's language, then removed from the address). */
export function withDone(path: string, message: PageMessage): string {
  const [base, query = ""] = path.split("?");
  const params = new URLSearchParams(query);
  // The shell's AddressToasts reads a `done` that is a message as JSON (as page-message's doneParam writes it).
  params.set("done", JSON.stringify(message));
  return `${base}?${params}`;
}
