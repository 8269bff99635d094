import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, FeedbackReceivedCountResponse } from "~/features/feedback/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { feedbackReceivedCount } from "~/features/feedback/service.server";

/** GET /api/v1/cycles/{cycle_id}/feedback_received_count — feedback about me by status (counts only). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return FeedbackReceivedCountResponse.parse(await feedbackReceivedCount(current, cycle_id));
  });

export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
