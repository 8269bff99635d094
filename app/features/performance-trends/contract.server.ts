import { z } from "zod";
import { TYPED_EMAIL } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { registerRoute } from "~/platform/openapi/registry.server";
import { ANONYMITY_THRESHOLD, TREND_CYCLES_DEFAULT, TREND_CYCLES_MAX } from "~/features/performance-trends/rules";
import type { RatingsTrend, StatsTrend, TeamRatingsTrend, TrendsHeader } from "~/features/performance-trends/types";

/**
 * Contracts of the performance dashboard calls (spec §7 "Performance dashboard"; ADR 0030), under /api/v1/performance_dashboard/:
 *   GET users/{email}                       the dashboard's header: the person, how I relate to them, the cycles I may read
 *   GET performance_ratings                 my calibrated ratings across cycles (once each cycle is in communication)
 *   GET direct_reports_performance_ratings  my direct reports' ratings (?email= one of them), from calibration on
 *   GET peer_stats/{email}                  per cycle: peer answers, counts and rating averages (threshold as the summaries)
 *   GET upward_stats/{email}                the same for the answers of the person's direct reports
 * `limit` (1-20, default 8): how many of the latest cycles.
 */

const EmailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: "email must be an email address" })).meta(TYPED_EMAIL);
/** `{email}` path parameter (a malformed one is a 404, as every path parameter). */
export const EmailParams = z.object({ email: EmailSchema });

const Limit = z
  .string()
  .regex(/^\d+$/, "limit must be a whole number")
  .transform(Number)
  .pipe(z.number().int().min(1, "limit must be at least 1").max(TREND_CYCLES_MAX, `limit must be at most ${TREND_CYCLES_MAX}`));
export const TrendsQuery = z.object({ limit: Limit.optional() }).transform((q) => ({ limit: q.limit ?? TREND_CYCLES_DEFAULT }));
export const TeamRatingsQuery = z
  .object({ limit: Limit.optional(), email: EmailSchema.optional() })
  .transform((q) => ({ limit: q.limit ?? TREND_CYCLES_DEFAULT, email: q.email }));

// ---------------------------------------------------------------------------------------------
// Responses

const int = z.number().int();
const Person = z.object({ email: z.string(), name: z.string() });
const Cycle = z.object({
  id: int,
  name: z.string(),
  state: z.enum(CYCLE_STAGES),
  stage_label: z.string(),
  start_date: z.string().nullable(),
  planned_end_date: z.string().nullable(),
});
const RatingPoint = z.object({
  cycle: Cycle,
  rating: z.object({ value: int, label: z.string() }).nullable().describe("null: not rated in that cycle"),
  final: z.boolean().describe("false while the cycle is in calibration (the rating may still change)"),
});

export const HeaderResponse = z.object({
  user: Person.extend({
    job_title: z.string().nullable(),
    department: z.string().nullable(),
    level: z.string().nullable(),
    location: z.string().nullable(),
    profile_image_url: z.string().nullable(),
    manager: Person.nullable(),
  }),
  relationship: z.enum(["self", "manager", "secondary_manager", "admin"]),
  has_direct_reports: z.boolean(),
  cycles: z.array(Cycle).describe("The person's cycles in which the caller may read something, oldest first"),
}) satisfies z.ZodType<TrendsHeader>;

export const RatingsResponse = z.object({ user: Person, ratings: z.array(RatingPoint) }) satisfies z.ZodType<RatingsTrend>;

export const TeamRatingsResponse = z.object({
  cycles: z.array(Cycle),
  direct_reports: z.array(Person.extend({ job_title: z.string().nullable(), ratings: z.array(RatingPoint) })),
}) satisfies z.ZodType<TeamRatingsTrend>;

export const StatsResponse = z.object({
  user: Person,
  kind: z.enum(["peer", "upward"]),
  reviewer_type: z.enum(["peer", "direct_report"]),
  label: z.string(),
  threshold: int.describe("Fewest answers before an anonymised group's numbers are shown (the summaries' threshold)"),
  cycles: z.array(
    z.object({
      cycle: Cycle,
      requested: int,
      submitted: int,
      anonymised: z.boolean(),
      visible: z.boolean().describe(`False when the caller reads anonymised answers and fewer than ${ANONYMITY_THRESHOLD} have answered`),
      message: z.string().nullable(),
      average: z.number().nullable().describe("Mean of every rating answer, each on a 1-5 scale, 2 decimals; null when hidden"),
      questions: z.array(z.object({ id: z.string(), label: z.string(), responses: int, average: z.number().nullable(), scale: z.object({ min: int, max: int }) })),
    }),
  ),
}) satisfies z.ZodType<StatsTrend>;

// ---------------------------------------------------------------------------------------------
// OpenAPI

const tags = ["performance dashboard"];
const base = "/api/v1/performance_dashboard";
const emailDoc = z.object({ email: z.string().describe("The person's email") });
const limitDoc = z.object({ limit: z.number().int().min(1).max(TREND_CYCLES_MAX).optional().describe(`How many of the latest cycles, 1-${TREND_CYCLES_MAX} (default ${TREND_CYCLES_DEFAULT})`) });
const who = "the person, their manager or secondary manager, or a super admin";

registerRoute({
  method: "get",
  path: `${base}/users/{email}`,
  summary: `The dashboard's header: the person, how you relate to them and the cycles you may read (${who})`,
  tags,
  request: { params: emailDoc },
  responses: { 200: HeaderResponse },
});
registerRoute({
  method: "get",
  path: `${base}/performance_ratings`,
  summary: "Your calibrated ratings across cycles, each once its cycle is in the communication stage",
  tags,
  request: { query: limitDoc },
  responses: { 200: RatingsResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports_performance_ratings`,
  summary: "Your direct reports' calibrated ratings in the cycles you were their manager, from the calibration stage (403 without reports)",
  tags,
  request: { query: limitDoc.extend({ email: EmailSchema.optional().describe("Only this direct report") }) },
  responses: { 200: TeamRatingsResponse },
});
for (const [kind, from] of [
  ["peer_stats", "peers"],
  ["upward_stats", "direct reports (upward feedback)"],
] as const) {
  registerRoute({
    method: "get",
    path: `${base}/${kind}/{email}`,
    summary: `Per cycle, the counts and rating averages of the answers of the person's ${from}; anonymised readers see numbers only from ${ANONYMITY_THRESHOLD} answers (${who})`,
    tags,
    request: { params: emailDoc, query: limitDoc },
    responses: { 200: StatsResponse },
  });
}
