import type { ActionFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, ManagerFeedbackResponse, ManagerFeedbackSubmitBody } from "~/features/manager-review/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { submitManagerFeedback } from "~/features/manager-review/manager-feedback.server";

/** POST /api/v1/cycles/{cycle_id}/direct_reports/{email}/feedback/submit [{answers}]: submit my manager feedback. */
export const loader = () => methodNotAllowed(["POST"]);

export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    const body = await parseJsonBody(request, ManagerFeedbackSubmitBody);
    return ManagerFeedbackResponse.parse({ feedback: await submitManagerFeedback(current, cycle_id, email, body.answers) });
  });
