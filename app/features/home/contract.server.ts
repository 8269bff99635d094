import { z } from "zod";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { CycleIdParam } from "~/features/cycles/context.server";
import { registerRoute } from "~/platform/openapi/registry.server";
import { HOME_ITEM_KINDS, type HomeItem, type HomeJson } from "~/features/home/types";

/** The API's answer: the page's list without the items' translation keys (`text`, the page's only). */
type HomeApiJson = Omit<HomeJson, "items"> & { items: Array<Omit<HomeItem, "text">> };

/**
 * Contract of the home page's to-do list (ADR 0036):
 *   GET /api/v1/cycles/{cycle_id}/home[?kind=…]   what waits for the signed-in user in the cycle, the team's
 *                                                  progress for a manager, and what comes next
 * (The spec's participant `dashboard` call is the cycle report overview of ADR 0023 and answers participants
 * only; the to-do list is for everyone with work in the cycle, so it has its own call.)
 */

export { CycleIdParam };

const Kind = z.enum(HOME_ITEM_KINDS, { error: `kind must be one of ${HOME_ITEM_KINDS.join(", ")}` });

/** `?kind=` (repeatable): only items of these kinds. */
export const HomeQuery = z
  .object({ kind: z.union([Kind, z.array(Kind)]).optional() })
  .transform((q) => ({ kinds: q.kind === undefined ? [] : Array.isArray(q.kind) ? q.kind : [q.kind] }));

const int = z.number().int();
const Person = z.object({ email: z.string(), name: z.string() });
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const HomeResponse = z.object({
  cycle: z.object({
    id: int,
    name: z.string(),
    state: z.enum(CYCLE_STAGES),
    stage_label: z.string(),
    start_date: IsoDate.nullable(),
    planned_end_date: IsoDate.nullable(),
  }),
  items: z
    .array(
      z.object({
        kind: z.enum(HOME_ITEM_KINDS),
        kind_label: z.string(),
        title: z.string(),
        detail: z.string().nullable(),
        deadline: IsoDate.nullable().describe("YYYY-MM-DD: the item's own deadline (endorsement, session) or the cycle's planned end date"),
        deadline_source: z.enum(["cycle", "endorsement", "session"]),
        overdue: z.boolean(),
        link: z.string().describe("The page where it is done"),
      }),
    )
    .describe("Ordered by deadline (none last), then by kind in cycle order, then by title"),
  counts: z.object({ total: int, overdue: int }),
  team: z
    .object({
      total: int,
      reviewed: int.describe("Direct reports who receive feedback (not reviewer-only): the base of the counts"),
      self_reviews_submitted: int,
      peers_chosen: int,
      manager_feedback_submitted: int,
      members: z.array(
        Person.extend({
          job_title: z.string().nullable(),
          reviewer_only: z.boolean(),
          self_review: z.enum(["not_requested", "not_started", "draft", "submitted"]),
          peer_selection: z.object({ state: z.enum(["not_chosen", "chosen", "not_applicable"]), requested: int, accepted: int, declined: int }),
          manager_feedback: z.enum(["not_started", "draft", "submitted", "not_applicable"]),
        }),
      ),
      link: z.string(),
    })
    .nullable()
    .describe("For a manager: their direct reports in this cycle, statuses and counts only; null for everyone else"),
  next_step: z.object({ text: z.string(), link: z.string().nullable() }).describe("What comes next in the cycle (the empty state says it)"),
}) satisfies z.ZodType<HomeApiJson>;

registerRoute({
  method: "get",
  path: "/api/v1/cycles/{cycle_id}/home",
  summary:
    "Your to-do list in the cycle: peer choices, feedback requests, feedback to write, nominations, endorsement requests and calibration sessions waiting on you, each with its deadline and link (the nudges' rules); a manager's team progress",
  tags: ["home"],
  request: {
    params: z.object({ cycle_id: z.string().describe("The cycle's id") }),
    query: z.object({ kind: z.enum(HOME_ITEM_KINDS).optional().describe("Only items of this kind (repeatable)") }),
  },
  responses: { 200: HomeResponse },
});
