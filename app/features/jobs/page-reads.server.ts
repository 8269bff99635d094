import type { JobType } from "~/generated/prisma/client.ts";
import { sqlRows } from "~/platform/sql.server";
import { cycleNotFound, notFound } from "~/platform/api.server";
import { toCycleJson, type CycleJson } from "~/features/cycles/model.server";
import { cycleJsonSql, cycleRowOf, type CycleJsonRow } from "~/features/cycles/cycle-sql.server";
import { jobCycleIdFor, toJobJson, type JobWithCreator } from "~/features/jobs/job-types.server";
import type { PageQuery } from "~/features/jobs/queries.server";
import type { JobJson, JobRowErrorJson } from "~/features/jobs/rules";
import { POPULATE_ROLES } from "~/features/jobs/types/participants/populate-filters.server";
import type { PopulateFilterOptions } from "~/features/jobs/types/participants/populate-filters";

/**
 * The bulk job pages' reads (issue 27: at most 3 round trips per page; the list made 4, a job's page 5) in ONE prepared
 * statement each, for every job type (ADR 0015: one mechanism): the cycle of a cycle job type (the header), then
 * either a page of the type's jobs and their number, or one job and a page of its row errors and their number. The
 * JSON is the API's own (`toJobJson`, `toCycleJson`) with the same 404s as queries.server.ts (the cycle first, then
 * the job); tests/integration/admin-job-pages-reads.test.ts compares the pages with listJobs and getJobDetail.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A Job row ⨝ its creator as JSON: every column of the row (so a column added later reaches `toJobJson` too), the
 * times as UTC ISO text, and the creator.
 */
export const JOB_JSON_SQL = `(to_jsonb(j) || jsonb_build_object('createdAt', to_char(j."createdAt", ${ISO}), 'startedAt', to_char(j."startedAt", ${ISO}),
  'finishedAt', to_char(j."finishedAt", ${ISO}), 'createdBy', CASE WHEN u."id" IS NULL THEN NULL ELSE json_build_object('id', u."id", 'email', u."email", 'name', u."name") END))`;

export type JobJsonRow = Omit<JobWithCreator, "createdAt" | "startedAt" | "finishedAt"> & { createdAt: string; startedAt: string | null; finishedAt: string | null };

/** The row `toJobJson` takes (times back to `Date`s). */
export function jobRowOf(j: JobJsonRow): JobWithCreator {
  return { ...j, createdAt: new Date(j.createdAt), startedAt: j.startedAt ? new Date(j.startedAt) : null, finishedAt: j.finishedAt ? new Date(j.finishedAt) : null };
}

/** The jobs of the page's scope: a cycle's ($1) jobs of a type ($2), or (company-wide) the type's jobs without a cycle. */
const scope = (cycle: boolean) => `${cycle ? `j."cycleId" = $1::int` : `j."cycleId" IS NULL`} AND j."type" = $2::text::"JobType"`;

const listSql = (cycle: boolean) => `
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1::int) AS "cycle",
  (SELECT COALESCE(json_agg(x."job" ORDER BY x."createdAt" DESC, x."id" DESC), '[]'::json) FROM (
     SELECT j."id", j."createdAt", ${JOB_JSON_SQL} AS "job" FROM "Job" j LEFT JOIN "User" u ON u."id" = j."createdById"
     WHERE ${scope(cycle)} ORDER BY j."createdAt" DESC, j."id" DESC LIMIT $3::int OFFSET $4::bigint) x) AS "jobs",
  (SELECT count(*)::int FROM "Job" j WHERE ${scope(cycle)}) AS "total"`;

const detailSql = (cycle: boolean) => `
WITH job AS (SELECT ${JOB_JSON_SQL} AS "job", j."id" FROM "Job" j LEFT JOIN "User" u ON u."id" = j."createdById" WHERE j."id" = $5::int AND ${scope(cycle)})
SELECT
  (SELECT ${cycleJsonSql("c")} FROM "Cycle" c WHERE c."id" = $1::int) AS "cycle",
  (SELECT "job" FROM job) AS "job",
  (SELECT COALESCE(json_agg(json_build_object('row_number', e."rowNumber", 'column', e."column", 'message', e."message",
       'message_key', CASE WHEN e."messageCode"->>'en' = e."message" THEN e."messageCode" - 'en' END) ORDER BY e."rowNumber", e."id"), '[]'::json)
     FROM (SELECT e.* FROM "JobRowError" e WHERE e."jobId" = (SELECT "id" FROM job) ORDER BY e."rowNumber", e."id" LIMIT $3::int OFFSET $4::bigint) e) AS "rowErrors",
  (SELECT count(*)::int FROM "JobRowError" e WHERE e."jobId" = (SELECT "id" FROM job)) AS "rowErrorsTotal"`;

const LIST_SQL = { cycle: listSql(true), company: listSql(false) };
const DETAIL_SQL = { cycle: detailSql(true), company: detailSql(false) };

/** The rows before the page (an absurd page number reads past the end, as Prisma's skip did). */
const offsetOf = (query: PageQuery) => Math.min((query.page - 1) * query.page_size, Number.MAX_SAFE_INTEGER);

type ListRow = { cycle: CycleJsonRow | null; jobs: JobJsonRow[]; total: number };
type DetailRow = { cycle: CycleJsonRow | null; job: JobJsonRow | null; rowErrors: JobRowErrorJson[]; rowErrorsTotal: number };

/** The scope of a job page: a cycle job type's cycle id, or null for a company-wide type (`cycleId` ignored). */
function scopeOf(type: JobType, cycleId: number | null): { key: "cycle" | "company"; cycleId: number | null } {
  const id = jobCycleIdFor(type, cycleId);
  return id === null ? { key: "company", cycleId: null } : { key: "cycle", cycleId: id };
}

function cycleOf(type: JobType, scoped: { key: "cycle" | "company"; cycleId: number | null }, row: { cycle: CycleJsonRow | null } | undefined): CycleJson | null {
  if (scoped.key === "company") return null;
  if (!row?.cycle) throw cycleNotFound(scoped.cycleId!);
  return toCycleJson(cycleRowOf(row.cycle));
}

/** A job list page: the cycle (404 if unknown), one page of the type's jobs, newest first, and their number. */
export async function readJobListPage(cycleId: number | null, type: JobType, query: PageQuery): Promise<{ cycle: CycleJson | null; jobs: JobJson[]; total: number }> {
  const scoped = scopeOf(type, cycleId);
  const [row] = await sqlRows<ListRow>(`job_list_page_${scoped.key}`, LIST_SQL[scoped.key], [scoped.cycleId, type, query.page_size, offsetOf(query)]);
  const cycle = cycleOf(type, scoped, row);
  return { cycle, jobs: row!.jobs.map((j) => toJobJson(jobRowOf(j))), total: row!.total };
}

/** A job's page: the cycle (404 if unknown), the job (404 if not the scope's job of the type), a page of its row errors and their number. */
export async function readJobDetailPage(
  cycleId: number | null,
  type: JobType,
  jobId: number,
  query: PageQuery,
): Promise<{ cycle: CycleJson | null; job: JobJson; rowErrors: JobRowErrorJson[]; rowErrorsTotal: number }> {
  const scoped = scopeOf(type, cycleId);
  const values = [scoped.cycleId, type, query.page_size, offsetOf(query), jobId];
  const [row] = await sqlRows<DetailRow>(`job_detail_page_${scoped.key}`, DETAIL_SQL[scoped.key], values);
  const cycle = cycleOf(type, scoped, row);
  if (!row?.job) throw notFound(`Job ${jobId} not found`);
  return { cycle, job: toJobJson(jobRowOf(row.job)), rowErrors: row.rowErrors, rowErrorsTotal: row.rowErrorsTotal };
}

const FILTER_OPTIONS_SQL = `
WITH u AS (SELECT "department", "location", "level" FROM "User" WHERE "active" AND "erasedAt" IS NULL AND "role"::text = ANY($1::text[]))
SELECT
  (SELECT COALESCE(json_agg(v ORDER BY v), '[]'::json) FROM (SELECT DISTINCT "department" AS v FROM u WHERE "department" IS NOT NULL) x) AS "departments",
  (SELECT COALESCE(json_agg(v ORDER BY v), '[]'::json) FROM (SELECT DISTINCT "location" AS v FROM u WHERE "location" IS NOT NULL) x) AS "locations",
  (SELECT COALESCE(json_agg(v ORDER BY v), '[]'::json) FROM (SELECT DISTINCT "level" AS v FROM u WHERE "level" IS NOT NULL) x) AS "levels"`;

/** The populate page's filter choices (populateFilterOptions's answer) in one statement: the directory's distinct values among the users a populate job adds. */
export async function readPopulateFilterOptions(): Promise<PopulateFilterOptions> {
  const [row] = await sqlRows<PopulateFilterOptions>("job_populate_filter_options", FILTER_OPTIONS_SQL, [[...POPULATE_ROLES]]);
  const present = (values: string[]) => values.filter((v) => v !== "");
  return { departments: present(row!.departments), locations: present(row!.locations), levels: present(row!.levels) };
}
