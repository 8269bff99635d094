import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { sortCycles } from "~/features/cycles/rules";
import { toCycleJson } from "~/features/cycles/model.server";
import { ApiError } from "~/platform/api.server";
import { requireUser, type CurrentUser } from "~/platform/auth.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { listDirectReports, listReportCycles, listSecondaryReports } from "~/features/manager-review/service.server";
import type { CycleOption, ReporteesPageData } from "~/features/manager-review/types";
import { readManagerFeedbackPage } from "~/features/manager-review/feedback-page-reads.server";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { forPage, forbiddenPage, invalidCyclePage, notFoundPage } from "~/platform/page-errors.server";

/** Server helpers of the /app/my-reportees pages (docs/decisions/0022-manager-feedback-and-nominations.md). */

/** /app/my-reportees and /app/my-reportees/feedbacks: the selected cycle (?cycle_id=), direct and secondary reports. */
export async function loadReporteesPage(request: Request): Promise<ReporteesPageData> {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles: CycleOption[] = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") return { kind: selection.kind, message: selection.message, cycles } as const;
  const [direct, secondary] = await Promise.all([
    forPage(() => listDirectReports(current.user.id, selection.cycle.id)),
    forPage(() => listSecondaryReports(current.user.id, selection.cycle.id)),
  ]);
  return { kind: "selected", cycles, cycleId: selection.cycle.id, direct, secondary } as const;
}

const EmailParam = z.string().trim().toLowerCase().pipe(z.email());

export type ReportPage = { current: CurrentUser; email: string; cycleId: number; cycles: CycleOption[] };

/**
 * A page about one direct report ({email} segment) in the cycle of `?cycle_id=`. Without cycle_id, redirects
 * to the latest cycle (list order) in which the caller is the person's manager. The cycle switcher offers the
 * report's cycles the caller may browse (GET direct_reports/{email}/cycles). 404 for a malformed email or
 * cycle id; 403/404 from the relationship checks.
 */
export async function requireReportPage(request: Request, params: LoaderFunctionArgs["params"]): Promise<ReportPage> {
  const { current, email, cycleId } = await reportPageParams(request, params);
  const { cycles } = await forPage(() => listReportCycles(current.user.id, cycleId, email));
  return { current, email, cycleId, cycles: cycles.map((c) => ({ id: c.id, name: c.name })) };
}

/** requireReportPage's parameters (the redirect without cycle_id, 404 for a malformed email or cycle id), no check of the relationship. */
export async function reportPageParams(request: Request, params: LoaderFunctionArgs["params"]): Promise<Omit<ReportPage, "cycles">> {
  const current = await requireUser(request);
  const parsed = EmailParam.safeParse(params.email ?? "");
  if (!parsed.success) throw notFoundPage();
  const email = parsed.data;
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    const db = await getDb();
    const rows = await db.participant.findMany({ where: { managerId: current.user.id, user: { email } }, select: { cycle: true } });
    const first = sortCycles(rows.map((r) => toCycleJson(r.cycle)))[0];
    if (!first) throw forbiddenPage();
    url.searchParams.set("cycle_id", String(first.id));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw invalidCyclePage();
  return { current, email, cycleId: Number(raw) };
}

/**
 * The Manager Feedback page (/app/my-reportees/{email}/feedback): the report's cycles, every reviewer's feedback and
 * the caller's manager feedback (null for a reviewer-only report), in one statement (feedback-page-reads.server.ts).
 */
export async function loadManagerFeedbackPage(request: Request, params: LoaderFunctionArgs["params"]) {
  const { current, email, cycleId } = await reportPageParams(request, params);
  const page = await forPage(() => readManagerFeedbackPage(current.user.id, cycleId, email));
  return { current, cycleId, ...page };
}

export type FormFailure = { status: number; message: string; errors: Record<string, string>; stage: string | null };

/** A service failure as what a page form shows: a message and, for invalid answers, one message per question. */
export function pageFormFailure(err: unknown): FormFailure {
  if (err instanceof ApiError) {
    const errors: Record<string, string> = {};
    const issues = (err.details as { issues?: Array<{ question_id: string; message: string }> } | null)?.issues;
    if (Array.isArray(issues)) for (const i of issues) if (!(i.question_id in errors)) errors[i.question_id] = i.message;
    const stage = (err.details as { stage?: unknown } | null)?.stage;
    return { status: err.status, message: err.message, errors, stage: typeof stage === "string" ? stage : null };
  }
  throw err;
}

/**
 * A refused manager feedback write as the page's message, a key by what the refusal is (issue 28: never the service's
 * English on the page): per-question issues, the stage rule (its details name the stage), writing in someone else's
 * name (403: the report was checked before), else a retry.
 */
export function managerFeedbackRefusal(failure: FormFailure): PageMessage {
  if (Object.keys(failure.errors).length > 0) return pageMessage("managerReview.mine.attention");
  if (failure.status === 409 && failure.stage) return pageMessage("managerReview.mine.stageClosed");
  if (failure.status === 403) return pageMessage("managerReview.mine.spoofRefused");
  return pageMessage("managerReview.mine.failed");
}
