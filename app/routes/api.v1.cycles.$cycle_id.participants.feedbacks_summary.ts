import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, FeedbackSummaryResponse } from "~/features/summaries/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getFeedbackSummary } from "~/features/summaries/service.server";

/** GET /api/v1/cycles/{cycle_id}/participants/feedbacks_summary: your own summary (communication stage only). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return FeedbackSummaryResponse.parse(await getFeedbackSummary(current, "own", cycle_id));
  });

export const action = () => methodNotAllowed(["GET"]);
