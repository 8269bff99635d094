import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db.server";
import { api, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { registerRoute } from "~/services/openapi.server";
import { createUserFeedback, UserFeedbackInputSchema, UserFeedbackSchema } from "~/services/user-feedback.server";

export const UserFeedbackResponse = z.object({ user_feedback: UserFeedbackSchema });

registerRoute({
  method: "post",
  path: "/api/v1/user_feedback",
  summary: "Answer 'Do you like using the product?'",
  request: { body: UserFeedbackInputSchema },
  responses: { 201: UserFeedbackResponse },
});

export const loader = () => methodNotAllowed(["POST"]);
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const current = await requireApiUser(request);
    const input = await parseJsonBody(request, UserFeedbackInputSchema);
    const user_feedback = await createUserFeedback(await getDb(), current.user.id, current.actor, input);
    return Response.json(UserFeedbackResponse.parse({ user_feedback }), { status: 201 });
  });
