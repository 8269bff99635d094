import { data } from "@remix-run/node";
import { z } from "zod";
import { idCoerced } from "~/platform/input";
import type { SelectionActionResult } from "~/features/peer-selection/types";
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
  | { current: CurrentUser; kind: "selected"; cycleId: number; cycles: CycleOption[] };

/** The signed-in user and the cycle of ?cycle_id= (redirects to the first cycle when missing). */
export async function selectedCyclePage(request: Request): Promise<SelectedCyclePage> {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") return { current, kind: selection.kind, message: selection.message, cycles };
  return { current, kind: "selected", cycleId: selection.cycle.id, cycles };
}

export const PeerEmailField = z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address"));
export const RequestIdField = idCoerced;

/**
 * Run a page action: success → 200 { ok: true, message, warning }; an ApiError or invalid input →
 * { ok: false, message } with its status (400/403/404/409), shown inline or as a toast.
 */
export async function pageAction(
  intent: string,
  fn: () => Promise<{ message: string; warning?: string | null }>,
): Promise<ReturnType<typeof data<SelectionActionResult>>> {
  try {
    const { message, warning } = await fn();
    return data<SelectionActionResult>({ ok: true, intent, message, warning: warning ?? null });
  } catch (err) {
    if (err instanceof z.ZodError) {
      return data<SelectionActionResult>({ ok: false, intent, message: err.issues[0]?.message ?? "Invalid input", warning: null }, { status: 400 });
    }
    if (err instanceof ApiError) return data<SelectionActionResult>({ ok: false, intent, message: err.message, warning: null }, { status: err.status });
    throw err;
  }
}

export function unknownIntent(intent: string) {
  return data<SelectionActionResult>({ ok: false, intent, message: `Unknown action ${intent}`, warning: null }, { status: 400 });
}
