import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, methodNotAllowed, parseParams, parseQuery } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { CycleInsightsParams, InsightsQuery } from "~/features/insights/contract.server";
import { readCycleInsights } from "~/features/insights/service.server";

/** GET /api/v1/insights/cycles/{cycle_id}?filter=<attribute id>:<value> — a cycle's fairness insights (ADR 0111). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleInsightsParams);
    const query = parseQuery(request, InsightsQuery);
    return readCycleInsights(current, cycle_id, query.filter ?? []);
  });

/** Read only: every other method is 405 with Allow. */
export const action = () => methodNotAllowed(["GET"]);
