import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, FeedbackDraftBody, FeedbackResponse } from "~/features/feedback/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getMyFeedback, saveFeedbackDraft } from "~/features/feedback/service.server";

/** GET /api/v1/cycles/{cycle_id}/participants/{email}/feedback — my feedback for a reviewee. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return FeedbackResponse.parse({ feedback: await getMyFeedback(current, cycle_id, email) });
  });

/** POST or PUT — save my feedback as a draft. */
export const action = ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(["GET", "POST", "PUT"]);
  return api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    const body = await parseJsonBody(request, FeedbackDraftBody);
    return FeedbackResponse.parse({ feedback: await saveFeedbackDraft(current, cycle_id, email, body.answers) });
  });
};
