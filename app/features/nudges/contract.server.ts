import { z } from "zod";
import { idCoerced, idNumber, valueRule } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { checkCron, isTimeZone, MIN_LEAD_MS, NUDGE_SCHEDULE_KINDS } from "~/features/nudges/rules";
import { CycleJobsParams, JobParams, JobRowErrorSchema, JobSchema, PageQuerySchema } from "~/features/jobs/contract.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the nudge calls under /api/v1/admin/cycles/{cycle_id}/nudge_jobs (ADR 0019):
 *   GET    nudge_jobs                          jobs (newest first) and the cycle's schedules
 *   POST   nudge_jobs                          {when:"now"} → 202 {job}; {when:"at"|"recurring"} → 201 {schedule}
 *   GET    nudge_jobs/{job_id}                 one job with a page of its row errors (emails refused)
 *   GET    nudge_jobs/schedules                the cycle's schedules
 *   GET    nudge_jobs/schedules/{schedule_id}  one schedule
 *   DELETE nudge_jobs/schedules/{schedule_id}  cancel it → 200 {schedule}
 * Reads: super admin or HR ops (admin cycle context); POST and DELETE: super admin.
 */

export { PageQuerySchema };
export const NudgeCycleParams = CycleJobsParams;
export const NudgeJobParams = JobParams;
export const NudgeScheduleParams = z.object({ id: idCoerced, scheduleId: idCoerced });

export const NudgeJobSchema = JobSchema.extend({
  stage: z.enum(CYCLE_STAGES).nullable().describe("The stage whose pending work was reminded (null until the job has begun)"),
  recipients: z.number().int().describe("People with pending work when the job began"),
  notified: z.number().int().describe("In-app notifications created"),
  emailed: z.number().int().describe("Emails handed to the SMTP server (0 when SMTP_URL is not set)"),
  email_failed: z.number().int().describe("Emails the SMTP server refused (row errors)"),
  schedule_id: z.number().int().nullable().describe("The schedule whose run created the job; null when sent now"),
});

export const NudgeScheduleSchema = z.object({
  id: z.number().int(),
  cycle_id: z.number().int(),
  schedule_id: z.string().describe("Temporal Schedule id: nudge-cycle-<cycle_id>-<id>"),
  kind: z.enum(NUDGE_SCHEDULE_KINDS),
  run_at: z.string().nullable(),
  cron: z.string().nullable(),
  time_zone: z.string().nullable(),
  description: z.string(),
  status: z.enum(["scheduled", "finished", "cancelled"]),
  next_run_at: z.string().nullable(),
  runs: z.number().int().describe("Jobs its runs created"),
  last_run_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});

const nowBody = z.object({ when: z.literal("now") }).strict();
const atBody = z
  .object({
    when: z.literal("at"),
    at: z.iso
      .datetime({ offset: true, error: "at must be a date and time with its offset, e.g. 2026-12-01T09:00:00Z" })
      .refine((v) => new Date(v).getTime() >= Date.now() + MIN_LEAD_MS, valueRule("at must be at least a minute from now"))
      .describe("When to send, ISO 8601 with offset"),
  })
  .strict();
const recurringBody = z
  .object({
    when: z.literal("recurring"),
    cron: z
      .string({ error: "cron is required" })
      .trim()
      .superRefine((v, ctx) => {
        const problem = checkCron(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .describe("5-field cron expression (minute hour day-of-month month day-of-week), at most hourly, e.g. '0 9 * * MON'"),
    time_zone: z
      .string()
      .trim()
      .default("UTC")
      .refine(isTimeZone, "time_zone must be an IANA time zone, e.g. Europe/Berlin")
      .describe("IANA time zone of the cron expression (default UTC)"),
  })
  .strict();

/** POST body as documented: `when` chooses; without it the nudge is sent now. */
export const NudgeCreateBodySchema = z.discriminatedUnion("when", [nowBody, atBody, recurringBody], {
  error: "when must be now, at or recurring",
});

/** The body as the document describes it: `when` may be left out for now ({} is sent now). */
export const NudgeCreateBodyDoc = z.union([z.object({ when: z.literal("now").optional() }).strict(), atBody, recurringBody]);

/** What the route parses: an object without `when` (e.g. {}) means now. */
export const NudgeCreateBody = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) && !("when" in v) ? { ...v, when: "now" } : v),
  NudgeCreateBodySchema,
);
export type NudgeCreateInput = z.infer<typeof NudgeCreateBodySchema>;

export const NudgeJobResponse = z.object({ job: NudgeJobSchema });
export const NudgeScheduleResponse = z.object({ schedule: NudgeScheduleSchema });
export const NudgeJobListResponse = z.object({
  jobs: z.array(NudgeJobSchema),
  total: z.number().int(),
  schedules: z.array(NudgeScheduleSchema).describe("Active schedules first, then finished and cancelled ones"),
});
export const NudgeScheduleListResponse = z.object({ schedules: z.array(NudgeScheduleSchema) });
export const NudgeJobDetailResponse = z.object({
  job: NudgeJobSchema,
  row_errors: z.array(JobRowErrorSchema),
  row_errors_total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// OpenAPI

const base = "/api/v1/admin/cycles/{cycle_id}/nudge_jobs";
const tags = ["admin nudges"];
const cycleParams = z.object({ cycle_id: idNumber });

registerRoute({
  method: "get",
  path: base,
  summary: "The cycle's nudge jobs (newest first) and its nudge schedules (super admin or HR ops)",
  tags,
  request: { params: cycleParams, query: PageQuerySchema },
  responses: { 200: NudgeJobListResponse },
});
registerRoute({
  method: "post",
  path: base,
  summary:
    "Remind everyone with pending work in the cycle's current stage (super admin): now ({when:'now'} or {} → 202 {job}), " +
    "once at a time ({when:'at', at} → 201 {schedule}) or on a cron schedule ({when:'recurring', cron, time_zone} → 201 {schedule})",
  tags,
  request: { params: cycleParams, body: NudgeCreateBodyDoc },
  responses: { 201: NudgeScheduleResponse, 202: NudgeJobResponse },
});
registerRoute({
  method: "get",
  path: `${base}/{job_id}`,
  summary: "One nudge job with its counts and a page of its row errors (emails refused) (super admin or HR ops)",
  tags,
  request: { params: z.object({ cycle_id: idNumber, job_id: idNumber }), query: PageQuerySchema },
  responses: { 200: NudgeJobDetailResponse },
});
const scheduleParams = z.object({ cycle_id: idNumber, schedule_id: idNumber });
registerRoute({
  method: "get",
  path: `${base}/schedules`,
  summary: "The cycle's nudge schedules with their status and next run (super admin or HR ops)",
  tags,
  request: { params: cycleParams },
  responses: { 200: NudgeScheduleListResponse },
});
registerRoute({
  method: "get",
  path: `${base}/schedules/{schedule_id}`,
  summary: "One nudge schedule (super admin or HR ops)",
  tags,
  request: { params: scheduleParams },
  responses: { 200: NudgeScheduleResponse },
});
registerRoute({
  method: "delete",
  path: `${base}/schedules/{schedule_id}`,
  summary: "Cancel a nudge schedule (super admin): no further runs; runs already started finish. Cancelling again changes nothing",
  tags,
  request: { params: scheduleParams },
  responses: { 200: NudgeScheduleResponse },
});
