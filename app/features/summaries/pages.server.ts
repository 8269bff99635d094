import { forbiddenPage, invalidCyclePage, notFoundPage, pageErrorResponse } from "~/platform/page-errors.server";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { sortCycles } from "~/features/cycles/rules";
import type { SummaryDoor } from "~/features/summaries/visibility";
import { toCycleJson } from "~/features/cycles/model.server";
import { ApiError } from "~/platform/api.server";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { getFeedbackSummary, isSummaryNotOpen, type FeedbackSummary } from "~/features/summaries/service.server";
import { notOpenMessage } from "~/features/summaries/summary-messages";
import type { Message } from "~/features/feedback/answer-messages";
import type { CycleStage } from "~/features/cycles/rules";

/**
 * Server side of the manager summary pages (/app/my-reportees/{email}/feedback/summary and
 * /app/my-reportees/secondary/{email}/feedback/summary; ADR 0023). The cycle is `?cycle_id=`; without it the
 * page goes to the latest cycle (list order) in which the caller has that relationship with the person. The
 * cycle switcher offers exactly those cycles.
 */

const EmailParam = z.string().trim().toLowerCase().pipe(z.email());

export type CycleOption = { id: number; name: string };

/** An ApiError as the error page's response: 403 and 404 show the spec's texts. */
export function pageError(err: unknown): never {
  if (err instanceof ApiError) throw pageErrorResponse(err);
  throw err;
}

/** The cycle's stage a "summary not open" refusal names (its details). */
export function stageOf(err: unknown): CycleStage | undefined {
  return ((err as { details?: { stage?: CycleStage } | null }).details ?? undefined)?.stage;
}

export async function loadReportSummaryPage(
  request: Request,
  params: LoaderFunctionArgs["params"],
  door: Extract<SummaryDoor, "direct_report" | "secondary_report">,
): Promise<{ current: CurrentUser; cycles: CycleOption[]; cycleId: number; summary: FeedbackSummary | null; notOpen: Message | null }> {
  const current = await requireUser(request);
  const parsed = EmailParam.safeParse(params.email ?? "");
  if (!parsed.success) throw notFoundPage();
  const email = parsed.data;
  const db = await getDb();
  const relation = door === "direct_report" ? { managerId: current.user.id } : { secondaryManagerId: current.user.id };
  const rows = await db.participant.findMany({ where: { ...relation, user: { email } }, select: { cycle: true } });
  const cycles = sortCycles(rows.map((r) => toCycleJson(r.cycle)));
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    if (!cycles[0]) throw forbiddenPage();
    url.searchParams.set("cycle_id", String(cycles[0].id));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw invalidCyclePage();
  const options = cycles.map((c) => ({ id: c.id, name: c.name }));
  try {
    const summary = await getFeedbackSummary(current, door, Number(raw), email);
    return { current, cycles: options, cycleId: Number(raw), summary, notOpen: null };
  } catch (err) {
    // Related, but the stage does not open the summary yet: the page says so instead of an error.
    if (isSummaryNotOpen(err)) return { current, cycles: options, cycleId: Number(raw), summary: null, notOpen: notOpenMessage(door, stageOf(err)) };
    return pageError(err);
  }
}
