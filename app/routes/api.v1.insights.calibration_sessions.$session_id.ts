import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, methodNotAllowed, parseParams, parseQuery } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { InsightsQuery, SessionInsightsParams } from "~/features/insights/contract.server";
import { readSessionInsights } from "~/features/insights/service.server";

/** GET /api/v1/insights/calibration_sessions/{session_id}?filter=<attribute id>:<value> — a session's fairness insights (ADR 0111). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { session_id } = parseParams(params, SessionInsightsParams);
    const query = parseQuery(request, InsightsQuery);
    return readSessionInsights(current, session_id, query.filter ?? []);
  });

/** Read only: every other method is 405 with Allow. */
export const action = () => methodNotAllowed(["GET"]);
