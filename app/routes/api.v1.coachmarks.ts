import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listCoachmarks, saveCoachmark } from "~/features/shell/coachmarks.server";
import { CoachmarkListResponse, CoachmarkResponse, CoachmarkSchema } from "~/features/shell/contract.server";

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
