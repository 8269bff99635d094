import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam, FeedbackListResponse } from "~/features/feedback/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listMyFeedbacks } from "~/features/feedback/service.server";

/** GET /api/v1/cycles/{cycle_id}/feedbacks — the 360 feedback I am asked to give. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return FeedbackListResponse.parse(await listMyFeedbacks(current, cycle_id));
  });

export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
