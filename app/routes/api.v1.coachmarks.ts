import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db.server";
import { api, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { CoachmarkSchema, listCoachmarks, saveCoachmark } from "~/services/coachmarks.server";
import { registerRoute } from "~/services/openapi.server";

export const CoachmarkListResponse = z.object({ coachmarks: z.array(CoachmarkSchema) });
export const CoachmarkResponse = z.object({ coachmark: CoachmarkSchema });

registerRoute({ method: "get", path: "/api/v1/coachmarks", summary: "The signed-in user's coachmarks", responses: { 200: CoachmarkListResponse } });
registerRoute({
  method: "post",
  path: "/api/v1/coachmarks",
  summary: "Record a coachmark (e.g. a dismissed tour)",
  request: { body: CoachmarkSchema },
  responses: { 201: CoachmarkResponse },
});

export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    return CoachmarkListResponse.parse({ coachmarks: await listCoachmarks(await getDb(), current.user.id) });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    const input = await parseJsonBody(request, CoachmarkSchema);
    const coachmark = await saveCoachmark(await getDb(), current.user.id, current.actor, input);
    return Response.json(CoachmarkResponse.parse({ coachmark }), { status: 201 });
  });
