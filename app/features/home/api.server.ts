import { parseParams, parseQuery } from "~/platform/api.server";
import { reader } from "~/platform/api-routes.server";
import { CycleIdParam, HomeQuery, HomeResponse } from "~/features/home/contract.server";
import { getHome } from "~/features/home/service.server";

/** The /api/v1/cycles/{cycle_id}/home handler (ADR 0036); a read, so allowed while spoofing (the viewed user's list). */

export { only } from "~/platform/api-routes.server";

/** GET cycles/{cycle_id}/home?kind= */
export const homeLoader = reader(async (current, request, params) => {
  const { cycle_id } = parseParams(params, CycleIdParam);
  const { kinds } = parseQuery(request, HomeQuery);
  return HomeResponse.parse(await getHome(current, cycle_id, kinds));
});
