import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { isSuperAdmin, requireUser, type CurrentUser } from "~/platform/auth.server";
import { forbiddenPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import type { InsightsJson } from "~/features/insights/insight-json";
import type { InsightsPageData } from "~/features/insights/page-data";
import { readCycleInsights, readSessionInsights } from "~/features/insights/service.server";
import { computeRouteFlags } from "~/features/shell/navigation.server";

/**
 * The fairness insight pages' loaders (issue 29 §2, ADR 0112). Who may open them, on the server: super admins (every
 * cycle and session) and HR partners — a cycle in which they are the HR partner of a participant, a (rating or
 * promotion) calibration session they created or in which one of their participants is; everyone else gets the
 * 403 page, an unknown id the 404 page. Both the rule and what an HR partner sees (their people only, under the
 * privacy floor) are the insights service's (service.server.ts, the same answer as GET /api/v1/insights/…): the
 * pages read through it and compute nothing of their own; /app/insights lists the cycles the rule lets them open.
 */

/** `?by=<attribute id>` and `?filter=<attribute id>:<value>` (repeated; an empty one is "anyone"). */
const Query = z.object({
  by: z.string().regex(/^\d{1,9}$/).transform(Number).nullable(),
  filters: z.array(z.string().regex(/^\d{1,9}:.+$/s).max(300)).max(12),
});

function parseQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const parsed = Query.safeParse({ by: params.get("by") || null, filters: params.getAll("filter").filter((f) => f !== "") });
  if (!parsed.success) throw new Response("Bad request", { status: 400, statusText: "Bad request" });
  const filters = parsed.data.filters.map((f) => {
    const at = f.indexOf(":");
    return { attribute_id: Number(f.slice(0, at)), value: f.slice(at + 1) };
  });
  return { by: parsed.data.by, filters };
}

/** The breakdown shown: the asked attribute when the answer has figures for it, else the first that has. */
function breakdownOf(insights: InsightsJson, asked: number | null): number | null {
  if (asked !== null && insights.figures.some((f) => f.attribute.id === asked)) return asked;
  return insights.figures[0]?.attribute.id ?? null;
}

/** The cycles the reader may open: all for a super admin; an HR partner's, those with a participant of theirs. Newest first. */
async function readableCycles(current: CurrentUser): Promise<Array<{ id: number; name: string }>> {
  const db = await getDb();
  return db.cycle.findMany({
    where: isSuperAdmin(current) ? { state: { not: "DRAFT" } } : { participants: { some: { hrPartnerId: current.user.id } } },
    orderBy: [{ startDate: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    select: { id: true, name: true },
  });
}

/**
 * The menu's rule for the item, the HR partner of an active user: the shell's flag (app/features/shell/navigation.server.ts),
 * read with the request's session in one statement (ADR 0105), so the page asks nothing of its own.
 */
async function isHrPartnerOfAnyone(current: CurrentUser, request: Request): Promise<boolean> {
  return (await computeRouteFlags(await getDb(), current.user.id, request))["hr_partner_has_employees?"];
}

/**
 * /app/insights?cycle_id=: to that cycle's page (the picker's form), else to the newest cycle the reader may open.
 * The menu shows the page to every HR partner; one with no cycle of theirs yet (no participant of theirs in any cycle),
 * like a super admin before the first cycle opens, gets the page with its empty state, not a refusal.
 */
export async function loadInsightsIndex(request: Request): Promise<{ cycles: [] }> {
  const current = await requireUser(request);
  const cycles = await readableCycles(current);
  // Refused first: whoever may open no insight page is refused here, whatever the address asks for.
  if (!isSuperAdmin(current) && cycles.length === 0 && !(await isHrPartnerOfAnyone(current, request))) throw forbiddenPage();
  const raw = new URL(request.url).searchParams.get("cycle_id");
  if (raw !== null && raw !== "") {
    const id = pageIdParam(raw);
    throw redirect(`/app/insights/cycles/${id}`);
  }
  if (cycles.length > 0) throw redirect(`/app/insights/cycles/${cycles[0]!.id}`);
  return { cycles: [] };
}

/** /app/insights/cycles/{cycle_id}?by=&filter= (the service refuses what the reader may not see: 403, 404 pages). */
export async function loadCycleInsightsPage(request: Request, rawId: string | undefined): Promise<InsightsPageData> {
  const current = await requireUser(request);
  const cycleId = pageIdParam(rawId);
  const query = parseQuery(request);
  const insights = await pageRead(() => readCycleInsights(current, cycleId, query.filters));
  return { insights, by: breakdownOf(insights, query.by), cycles: await readableCycles(current) };
}

/** /app/insights/sessions/{session_id}?by=&filter= (a rating or a promotion calibration session). */
export async function loadSessionInsightsPage(request: Request, rawId: string | undefined): Promise<InsightsPageData> {
  const current = await requireUser(request);
  const sessionId = pageIdParam(rawId);
  const query = parseQuery(request);
  const insights = await pageRead(() => readSessionInsights(current, sessionId, query.filters));
  const db = await getDb();
  const cycle = await db.cycle.findUniqueOrThrow({ where: { id: insights.scope.kind === "session" ? insights.scope.cycle_id : 0 }, select: { id: true, name: true } });
  return { insights, by: breakdownOf(insights, query.by), cycles: [cycle] };
}
