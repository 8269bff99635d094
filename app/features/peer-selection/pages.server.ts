import { data } from "@remix-run/node";
import { z } from "zod";
import { idCoerced } from "~/platform/input";
import type { IncomingView, PanelView, SelectionActionResult, SelectionText } from "~/features/peer-selection/types";
import { acceptedLoadNotice, ADVISED_MAX_ACCEPTED_REQUESTS, WORKED_WITH_MONTHS } from "~/features/peer-selection/rules";
import type { PanelJson } from "~/features/peer-selection/panels.server";
import type { TeamSelectionsJson } from "~/features/peer-selection/manager-panel.server";
import { noticeOf } from "~/platform/refusal-notice.server";
import type { IncomingRequestsJson } from "~/features/peer-selection/peer-requests.server";
import type { CycleStage } from "~/features/cycles/rules";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { ApiError } from "~/platform/api.server";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";

/**
 * Server helpers of the peer selection pages (/app/performance/prep, /app/performance/peer-finalization,
 * /app/my-reportees/peer-finalization, /app/my-reportees/{email}/peer-finalization): the selected cycle
 * (?cycle_id=), the 'not a participant' case, and action results as the pages show them.
 */

export type CycleOption = { id: number; name: string };

export type SelectedCyclePage =
  | { current: CurrentUser; kind: "none" | "invalid"; message: string; cycles: CycleOption[] }
  | { current: CurrentUser; kind: "selected"; cycleId: number; cycles: CycleOption[]; cycle: { id: number; name: string; stage: CycleStage; maxPeers: number } };

/** The signed-in user and the cycle of ?cycle_id= (redirects to the first cycle when missing). */
export async function selectedCyclePage(request: Request): Promise<SelectedCyclePage> {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") return { current, kind: selection.kind, message: selection.message, cycles };
  const { id, name, state, max_peers } = selection.cycle;
  return { current, kind: "selected", cycleId: id, cycles, cycle: { id, name, stage: state, maxPeers: max_peers } };
}

export const PeerEmailField = z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address"));
export const RequestIdField = idCoerced;

/** A page's own refusal of its input (a malformed email or id), as the key the page shows. */
class InputRefusal extends Error {
  constructor(public notice: PageMessage) {
    super(notice.key);
  }
}

/** The peer's email of a posted form (lower-cased), or the 400 'Enter a valid email address'. */
export function peerEmailOf(form: FormData): string {
  const parsed = PeerEmailField.safeParse(form.get("peer_email") ?? "");
  if (!parsed.success) throw new InputRefusal(pageMessage("peers.result.invalidEmail"));
  return parsed.data;
}

/** The feedback request's id of a posted form, or the 400 generic refusal. */
export function requestIdOf(form: FormData): number {
  const parsed = RequestIdField.safeParse(form.get("request_id"));
  if (!parsed.success) throw new InputRefusal(pageMessage("peers.result.failed"));
  return parsed.data;
}

/**
 * A service's refusal as the page says it (issue 28): the rule's notice (rules.ts, tied by refusalError), else by
 * status and code; anything else is the generic 'could not be saved'. The service's English stays the API's.
 */
export function refusalMessage(err: ApiError): PageMessage {
  const notice = noticeOf(err);
  if (notice) return notice;
  if (err.code === "spoofing") return pageMessage("peers.spoofing");
  if (err.status === 403) return pageMessage("peers.result.forbidden");
  if (err.status === 404) return pageMessage("peers.result.notFound");
  return pageMessage("peers.result.failed");
}

/**
 * Run a page action: success → 200 { ok: true, message, warning }; an ApiError or invalid input →
 * { ok: false, message } with its status (400/403/404/409/422), shown inline or as a toast. The peer pages' texts are
 * keys with values (PageMessage): no English sentence reaches them (a string: see SelectionText).
 */
export async function pageAction(
  intent: string,
  fn: () => Promise<{ message: SelectionText; warning?: SelectionText | null }>,
): Promise<ReturnType<typeof data<SelectionActionResult>>> {
  try {
    const { message, warning } = await fn();
    return data<SelectionActionResult>({ ok: true, intent, message, warning: warning ?? null });
  } catch (err) {
    if (err instanceof InputRefusal) return data<SelectionActionResult>({ ok: false, intent, message: err.notice, warning: null }, { status: 400 });
    if (err instanceof ApiError) return data<SelectionActionResult>({ ok: false, intent, message: refusalMessage(err), warning: null }, { status: err.status });
    throw err;
  }
}

export function unknownIntent(intent: string) {
  return data<SelectionActionResult>({ ok: false, intent, message: pageMessage("peers.result.failed"), warning: null }, { status: 400 });
}

type CycleView = { id: number; name: string; state: CycleStage };

/** The cycle as the pages show it (its stage through its key, not the API's English label). */
export function cycleView(cycle: { id: number; name: string; state: CycleStage }): CycleView {
  return { id: cycle.id, name: cycle.name, state: cycle.state };
}

/** The advice next to a selection (rules.ts SELECTION_ADVICE) as keys, in its order. */
const ADVICE: PageMessage[] = [
  pageMessage("peers.advice.workedWith", { months: WORKED_WITH_MONTHS }),
  pageMessage("peers.advice.spread", { max: ADVISED_MAX_ACCEPTED_REQUESTS }),
];

/** A panel as the pages read it: the API's JSON with its English sentences as keys (issue 28). */
export function panelView(panel: PanelJson): PanelView {
  return {
    participant: panel.participant,
    receives_feedback: panel.receives_feedback,
    panel_status: panel.panel_status,
    max_peers: panel.max_peers,
    counters: panel.counters,
    can_edit: panel.can_edit,
    edit_blocked_notice: panel.edit_blocked_notice,
    mandatory_reviewers: panel.mandatory_reviewers,
    peers: panel.peers.map((p) => ({
      id: p.id,
      email: p.email,
      name: p.name,
      job_title: p.job_title,
      status: p.status,
      requested_by: p.requested_by,
      can_remove: p.can_remove,
      warning_notice: p.warning_notice,
    })),
    advice: panel.advice.length > 0 ? ADVICE : [],
  };
}

/** The requests to the signed-in user as the page reads them (the load warning as a key). */
export function incomingView(incoming: IncomingRequestsJson): IncomingView & { cycle: CycleView } {
  return {
    cycle: cycleView(incoming.cycle),
    requests: incoming.requests.map((r) => ({ id: r.id, status: r.status, participant: r.participant, requested_by: r.requested_by, can_respond: r.can_respond })),
    accepted_count: incoming.accepted_count,
    advised_max_accepted: incoming.advised_max_accepted,
    warning: acceptedLoadNotice(incoming.accepted_count),
  };
}

/** The team's list as the page reads it: no English labels (the statuses through their keys; issue 28). */
export function teamView(team: TeamSelectionsJson) {
  return {
    can_edit_stage: team.can_edit_stage,
    max_peers: team.max_peers,
    direct_reports: team.direct_reports.map((r) => ({
      email: r.email,
      name: r.name,
      job_title: r.job_title,
      reviewer_only: r.reviewer_only,
      panel_status: r.panel_status,
      counters: r.counters,
    })),
  };
}
