import { only } from "~/platform/api-routes.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { NotificationParams, NotificationResponse } from "~/features/shell/notifications/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertNotSpoofing, requireApiUser } from "~/platform/auth.server";
import { markNotificationRead } from "~/features/shell/notifications/service.server";

/** PATCH /api/v1/notifications/{id}/read */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const current = await requireApiUser(request);
    assertNotSpoofing(current); // a personal write: not in the viewed user's name (ADR 0010)
    const { id } = parseParams(params, NotificationParams);
    return NotificationResponse.parse({ notification: await markNotificationRead(current.actor, current.user.id, id) });
  });

/** GET: 405 with Allow (issue 17). */
export const loader = only("PATCH");
