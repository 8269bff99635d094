import { createHash } from "node:crypto";
import { getDb } from "~/platform/db.server";
import { ApiError, badRequest, forbidden } from "~/platform/api.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { isSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { privacyLattice, type AttributeFilter, type PrivacyLattice } from "~/features/insights/privacy-floor";
import { readPrivacyFloor } from "~/features/insights/settings.server";
import { listAttributes } from "~/features/insights/attributes.server";
import { columnAttributeIds, type ColumnAttributeIds } from "~/features/insights/attribute-values.server";
import { insightFigure, type InsightPerson, type SamplePools } from "~/features/insights/figures";
import { readPopulation, type PopulationScope } from "~/features/insights/population.server";
import { cachedAnswer } from "~/features/insights/answer-cache.server";
import { sessionHoldsPeopleOf, sessionInsightPageOpens } from "~/features/insights/session-access.server";
import type { InsightAttribute, InsightFigureKind, InsightScope, InsightsJson } from "~/features/insights/insight-json";

/**
 * The fairness insights of a cycle or a calibration session (issue 29 §2–3, ADR 0111): who may read them, over
 * which population, and the figures under the privacy floor. The API (GET /api/v1/insights/…) and the insight pages
 * read through here.
 *
 * Who: super admins every cycle and session, over everyone in it, with every attribute. HR partners (whoever is the
 * HR partner of a participant) with the attributes visible to HR: a cycle in which they partner someone, over their
 * participants only (the floor is computed on that population); a session they created, over all its people (they
 * run it and see them on its pages), else a session holding people of theirs, over those. Anyone else: 403; an
 * unknown cycle or session: 404.
 */

export type InsightFilterInput = { attribute_id: number; value: string | null };

/** The lattice holds every conjunction of attribute values; beyond this many attributes it grows too large. */
const MAX_ATTRIBUTES = 12;

/**
 * The privacy lattices computed lately, by a digest of the population's values and the floor: the lattice depends on
 * nothing else, so a cached one is exact (a changed value or participant gives another digest) and never stale.
 */
const LATTICES = new Map<string, PrivacyLattice>();
const LATTICE_CACHE_SIZE = 16;

export function populationLattice(population: readonly InsightPerson[], attributes: readonly InsightAttribute[], threshold: number): PrivacyLattice {
  const hash = createHash("sha256").update(`${threshold}|${attributes.map((a) => a.id).join(",")}`);
  for (const person of population) hash.update(`\n${JSON.stringify(attributes.map((a) => person.attributes[String(a.id)] ?? null))}`);
  const key = hash.digest("hex");
  const cached = LATTICES.get(key);
  if (cached) {
    LATTICES.delete(key);
    LATTICES.set(key, cached);
    return cached;
  }
  const lattice = privacyLattice(population, threshold, attributes.map((a) => String(a.id)));
  LATTICES.set(key, lattice);
  if (LATTICES.size > LATTICE_CACHE_SIZE) LATTICES.delete(LATTICES.keys().next().value!);
  return lattice;
}

/**
 * The attributes the reader may break down and filter by (all for super admins, those visible to HR otherwise), and
 * the built-in column attributes' ids (the population reads their values from the people's columns).
 */
async function readableAttributes(superAdmin: boolean): Promise<{ attributes: InsightAttribute[]; columnIds: ColumnAttributeIds }> {
  const all = await listAttributes();
  const attributes = all
    .filter((a) => superAdmin || a.visibility === "hr")
    .slice(0, MAX_ATTRIBUTES)
    .map((a) => ({ id: a.id, key: a.key, name: a.name, kind: a.kind }));
  return { attributes, columnIds: columnAttributeIds(all) };
}

function checkFilters(filters: readonly InsightFilterInput[], attributes: readonly InsightAttribute[]): AttributeFilter[] {
  const seen = new Set<number>();
  for (const f of filters) {
    const details = { filter: f.attribute_id };
    if (!attributes.some((a) => a.id === f.attribute_id)) {
      throw badRequest(`No attribute ${f.attribute_id} to filter by`, refusalDetails(pageMessage("insights.refusal.noAttribute", { id: f.attribute_id }), details));
    }
    if (seen.has(f.attribute_id)) throw badRequest("One filter per attribute", refusalDetails(pageMessage("insights.refusal.filterTwice"), details));
    seen.add(f.attribute_id);
  }
  return filters.map((f) => ({ attribute: String(f.attribute_id), value: f.value }));
}

/**
 * The insights of a population for a reader whose rule was checked (the caller's access check, on every request):
 * kept between requests by the answer cache (answer-cache.server.ts, ADR 0121) under everything the answer depends on
 * besides the data — the population (scope and the HR partner it is narrowed to), the attributes the reader may use
 * (super admin or not), the figure kinds, the filters and the reference date — and the data's version; readers of
 * another scope never share an entry. The scope's names are the caller's (read with the access check).
 */
async function compute(
  scope: InsightScope,
  population: PopulationScope,
  kinds: InsightFigureKind[],
  superAdmin: boolean,
  filters: readonly InsightFilterInput[],
  reference: Date,
): Promise<InsightsJson> {
  const key = JSON.stringify([population, superAdmin, kinds, filters.map((f) => [f.attribute_id, f.value]), reference.toISOString()]);
  const answer = await cachedAnswer(key, () => computeAnswer(population, kinds, superAdmin, filters, reference));
  return { scope, ...answer };
}

async function computeAnswer(
  population: PopulationScope,
  kinds: InsightFigureKind[],
  superAdmin: boolean,
  filters: readonly InsightFilterInput[],
  reference: Date,
): Promise<Omit<InsightsJson, "scope">> {
  const [{ attributes, columnIds }, floor] = await Promise.all([readableAttributes(superAdmin), readPrivacyFloor()]);
  const conditions = checkFilters(filters, attributes);
  const people = await readPopulation(population, attributes, columnIds, reference);
  const lattice = populationLattice(people, attributes, floor);
  const filtered = new Set(filters.map((f) => f.attribute_id));
  // Every figure's view is the same people (the population within the filters): their samples are ranked once.
  const pools: SamplePools = new Map();
  const figures = kinds.flatMap((kind) => attributes.filter((a) => !filtered.has(a.id)).map((a) => insightFigure(kind, { id: a.id, key: a.key, name: a.name }, people, conditions, lattice, pools)));
  return { privacy_floor: floor, population: people.length, attributes, filters: filters.map((f) => ({ attribute_id: f.attribute_id, value: f.value })), figures };
}

/** 403 as `forbidden()` says it, with its key (ADR 0108): the export job fails with it when its creator lost access. */
const notTheirs = () => {
  const err = forbidden();
  err.details = refusalDetails(pageMessage("insights.refusal.forbidden"));
  return err;
};

/**
 * The rule of who may read a cycle's insights (see the top of this file): the cycle, or 404 (unknown) / 403 (not a
 * super admin, nor the HR partner of any of its participants). The export jobs (export.server.ts) check it too.
 */
export async function cycleInsightsAccess(current: CurrentUser, cycleId: number) {
  const db = await getDb();
  const cycle = await db.cycle.findUnique({ where: { id: cycleId }, select: { id: true, name: true, startDate: true } });
  if (!cycle) throw new ApiError(404, "not_found", `Cycle ${cycleId} not found`, refusalDetails(pageMessage("insights.refusal.cycleNotFound", { id: cycleId })));
  if (!isSuperAdmin(current)) {
    const theirs = await db.participant.findFirst({ where: { cycleId, hrPartnerId: current.user.id }, select: { id: true } });
    if (!theirs) throw notTheirs();
  }
  return cycle;
}

/**
 * The rule of who may read a session's insights (the insight page's and the API's, not the meeting's): the session and
 * whose people the reader sees (null: all of them), or 404 / 403. The export jobs (export.server.ts) check it too.
 */
export async function sessionInsightsAccess(current: CurrentUser, sessionId: number) {
  const { session, hrPartnerId } = await sessionAccess(current, sessionId, false);
  return { session, hrPartnerId };
}

/** The filters checked against the attributes the reader may use (400 as the insights answer it), before a job takes them. */
export async function checkInsightFilters(current: CurrentUser, filters: readonly InsightFilterInput[]): Promise<void> {
  checkFilters(filters, (await readableAttributes(isSuperAdmin(current))).attributes);
}

/** The insights of a cycle: peer selection, feedback received, ratings and promotions, per attribute. */
export async function readCycleInsights(current: CurrentUser, cycleId: number, filters: readonly InsightFilterInput[] = []): Promise<InsightsJson> {
  const cycle = await cycleInsightsAccess(current, cycleId);
  const superAdmin = isSuperAdmin(current);
  const scope: InsightScope = { kind: "cycle", cycle_id: cycle.id, cycle_name: cycle.name };
  const population: PopulationScope = { kind: "cycle", cycleId, hrPartnerId: superAdmin ? null : current.user.id };
  return compute(scope, population, ["peer_selection", "feedback_received", "ratings", "promotions"], superAdmin, filters, cycle.startDate ?? new Date());
}

/**
 * Who reads a session's insights, over which people (ADR 0111): super admins, everyone with every attribute; the HR
 * partner who created it, everyone; an HR partner of some of its people, those. With `meeting` (the meeting pages'
 * fairness panel and the sign-off's gap rule, ADR 0114) also the session admin and the sign-off party of THIS
 * session, over everyone with the attributes visible to HR; `insightPage` says whether the rule without `meeting`
 * admits them too (the insight page and the API do not). Anyone else 403; an unknown session 404.
 */
async function sessionAccess(current: CurrentUser, sessionId: number, meeting: boolean) {
  const db = await getDb();
  const session = await db.calibrationSession.findUnique({
    where: { id: sessionId },
    select: {
      id: true,
      name: true,
      kind: true,
      createdById: true,
      cycle: { select: { id: true, startDate: true } },
      members: { where: { userId: current.user.id, role: { in: ["ADMIN", "SIGN_OFF"] } }, select: { role: true } },
    },
  });
  if (!session) throw new ApiError(404, "not_found", `Calibration session ${sessionId} not found`, refusalDetails(pageMessage("insights.refusal.sessionNotFound", { id: sessionId })));
  const superAdmin = isSuperAdmin(current);
  const member = meeting && session.members.length > 0;
  let hrPartnerId: number | null = null;
  let insightPage = true;
  const reader = { userId: current.user.id, superAdmin };
  if (sessionInsightPageOpens(reader, session) === undefined) {
    insightPage = sessionInsightPageOpens(reader, session, await sessionHoldsPeopleOf(sessionId, current.user.id))!;
    if (!insightPage && !member) throw notTheirs();
    // A member of the meeting reads the whole session, as its creator does.
    hrPartnerId = member ? null : current.user.id;
  }
  return { session, superAdmin, hrPartnerId, insightPage };
}

async function sessionInsights(access: Awaited<ReturnType<typeof sessionAccess>>, filters: readonly InsightFilterInput[]): Promise<InsightsJson> {
  const { session, superAdmin, hrPartnerId } = access;
  const sessionKind = session.kind === "RATING" ? "rating" : "promotion";
  const scope: InsightScope = { kind: "session", session_id: session.id, session_name: session.name, session_kind: sessionKind, cycle_id: session.cycle.id };
  const population: PopulationScope = { kind: "session", sessionId: session.id, hrPartnerId };
  return compute(scope, population, [sessionKind === "rating" ? "ratings" : "promotions"], superAdmin, filters, session.cycle.startDate ?? new Date());
}

/** The insights of a calibration session: ratings before and after (a rating session) or promotions (a promotion session). */
export async function readSessionInsights(current: CurrentUser, sessionId: number, filters: readonly InsightFilterInput[] = []): Promise<InsightsJson> {
  return sessionInsights(await sessionAccess(current, sessionId, false), filters);
}

/**
 * A session's insights as its meeting reads them (ADR 0114): the insights rule plus the session admin and the sign-off
 * party of this session; `insight_page`: whether the reader may also open the session's insight page.
 */
export async function readMeetingInsights(current: CurrentUser, sessionId: number): Promise<{ insights: InsightsJson; insight_page: boolean }> {
  const access = await sessionAccess(current, sessionId, true);
  return { insights: await sessionInsights(access, []), insight_page: access.insightPage };
}
