import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, FeedbackAdjustBody, FeedbackResponse } from "~/features/feedback/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { adjustFeedback } from "~/features/feedback/service.server";

export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]);

/** POST /api/v1/cycles/{cycle_id}/participants/{email}/feedback/adjust — change my submitted feedback. */
export const action = ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    const body = await parseJsonBody(request, FeedbackAdjustBody);
    return FeedbackResponse.parse({ feedback: await adjustFeedback(current, cycle_id, email, body.answers) });
  });
};
