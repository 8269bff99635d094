import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { assertNotSpoofing, requireApiUser } from "~/platform/auth.server";
import { createUserFeedback } from "~/features/shell/user-feedback/service.server";
import { UserFeedbackInputSchema, UserFeedbackResponse } from "~/features/shell/contract.server";

export const loader = () => methodNotAllowed(["POST"]);
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    assertNotSpoofing(current); // no personal writes in the viewed user's name (ADR 0010)
    const input = await parseJsonBody(request, UserFeedbackInputSchema);
    const user_feedback = await createUserFeedback(await getDb(), current.user.id, current.actor, input);
    return Response.json(UserFeedbackResponse.parse({ user_feedback }), { status: 201 });
  });
