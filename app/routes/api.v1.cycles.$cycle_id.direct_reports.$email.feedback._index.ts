import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, ManagerFeedbackBody, ManagerFeedbackResponse } from "~/features/manager-review/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getManagerFeedback, saveManagerFeedback } from "~/features/manager-review/manager-feedback.server";

/** GET /api/v1/cycles/{cycle_id}/direct_reports/{email}/feedback: my manager feedback for a direct report. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return ManagerFeedbackResponse.parse({ feedback: await getManagerFeedback(current.user.id, cycle_id, email) });
  });

/** PUT {answers}: save (draft) or adjust (submitted) my manager feedback, in the manager feedback stage. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    const body = await parseJsonBody(request, ManagerFeedbackBody);
    return ManagerFeedbackResponse.parse({ feedback: await saveManagerFeedback(current, cycle_id, email, body.answers) });
  });
