import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, FeedbackResponse, FeedbackSubmitBody } from "~/features/feedback/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { submitFeedback } from "~/features/feedback/service.server";

export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]);

/** POST /api/v1/cycles/{cycle_id}/participants/{email}/feedback/submit — submit my feedback. */
export const action = ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    const body = await parseJsonBody(request, FeedbackSubmitBody);
    return FeedbackResponse.parse({ feedback: await submitFeedback(current, cycle_id, email, body.answers) });
  });
};
