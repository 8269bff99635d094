import { only } from "~/platform/api-routes.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NotificationListQuery, NotificationListResponse } from "~/features/shell/notifications/contract.server";
import { api, parseQuery } from "~/platform/api.server";
import { isSpoofing, requireApiUser } from "~/platform/auth.server";
import { listNotifications } from "~/features/shell/notifications/service.server";

/** GET /api/v1/notifications: the signed-in user's notifications, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const q = parseQuery(request, NotificationListQuery);
    const list = await listNotifications(current.user.id, { limit: q.limit, offset: q.offset, unreadOnly: q.unread === "true" });
    return NotificationListResponse.parse({ ...list, read_only: isSpoofing(current) });
  });

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
