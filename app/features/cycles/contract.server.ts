import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { CYCLE_TRANSITIONS } from "~/features/cycles/rules";
import { registerRoute } from "~/platform/openapi/registry.server";
import { CycleCreateSchema, CyclePatchSchema, CycleSchema } from "~/features/cycles/service.server";

/** Contracts of the cycle API routes: GET cycles; admin cycles list/create/get/patch/delete and stage transitions. */

export { CycleCreateSchema, CyclePatchSchema, CycleSchema };

export const CycleListResponse = z.object({ cycles: z.array(CycleSchema) });
export const AdminCycleListResponse = z.object({
  cycles: z.array(CycleSchema),
  current_cycle: CycleSchema.nullable().describe("The cycle pages open when the address names none: the chosen one, else the first started before communication"),
  current_cycle_chosen: z.boolean().describe("true: a super admin chose current_cycle (PUT /api/v1/admin/current_cycle)"),
});
export const CurrentCycleBody = z
  .object({ cycle_id: idNumber.nullable().describe("A started cycle; null: none chosen (pages open the first cycle of the list order)") })
  .strict();
export const CurrentCycleResponse = z.object({ current_cycle: CycleSchema.nullable() });
export const CycleResponse = z.object({ cycle: CycleSchema });

export const AdminCycleListQuery = z.object({
  sort_by_start_date: z.enum(["true", "false"]).optional().describe("true: latest start date first instead of the list order"),
});
export const CycleIdParams = z.object({ id: idCoerced });
export const CycleTransitionParams = z.object({ id: idCoerced, transition: z.enum(CYCLE_TRANSITIONS) });

registerRoute({
  method: "get",
  path: "/api/v1/cycles",
  summary: "Review cycles in list order (communication last; with a start date first; later planned end date first)",
  tags: ["cycles"],
  responses: { 200: CycleListResponse },
});
registerRoute({
  method: "get",
  path: "/api/v1/admin/cycles",
  summary: "All cycles and the current cycle (super admin or HR ops)",
  tags: ["admin cycles"],
  request: { query: AdminCycleListQuery },
  responses: { 200: AdminCycleListResponse },
});
registerRoute({
  method: "put",
  path: "/api/v1/admin/current_cycle",
  summary: "Choose the current cycle, the one every page opens when the address names none (super admin; audited); 409 for a cycle not yet started",
  tags: ["admin cycles"],
  request: { body: CurrentCycleBody },
  responses: { 200: CurrentCycleResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/cycles",
  summary: "Create a cycle in draft and start its workflow (super admin)",
  tags: ["admin cycles"],
  request: { body: CycleCreateSchema },
  responses: { 201: CycleResponse },
});
const idParams = z.object({ id: idNumber });
registerRoute({
  method: "get",
  path: "/api/v1/admin/cycles/{id}",
  summary: "One cycle (super admin or HR ops)",
  tags: ["admin cycles"],
  request: { params: idParams },
  responses: { 200: CycleResponse },
});
registerRoute({
  method: "patch",
  path: "/api/v1/admin/cycles/{id}",
  summary: "Change a cycle's name, dates, max_peers or endorsement settings (super admin)",
  tags: ["admin cycles"],
  request: { params: idParams, body: CyclePatchSchema },
  responses: { 200: CycleResponse },
});
registerRoute({
  method: "delete",
  path: "/api/v1/admin/cycles/{id}",
  summary: "Delete a cycle that has not started (super admin; 409 once started)",
  tags: ["admin cycles"],
  request: { params: idParams },
  responses: { 204: null },
});
for (const transition of CYCLE_TRANSITIONS) {
  registerRoute({
    method: "patch",
    path: `/api/v1/admin/cycles/{id}/${transition}`,
    summary: `Move the cycle: ${transition} (super admin; 409 when out of order, nothing changes)`,
    tags: ["admin cycles"],
    request: { params: idParams },
    responses: { 200: CycleResponse },
  });
}
