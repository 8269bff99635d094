import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { registerRoute } from "~/platform/openapi/registry.server";

/** Contracts of the signed-in user's notifications: GET /api/v1/notifications, PATCH /api/v1/notifications/{id}/read. */

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe("e.g. nudge"),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().describe("App path where the work is"),
  read: z.boolean(),
  read_at: z.string().nullable(),
  emailed_at: z.string().nullable(),
  created_at: z.string(),
});

export const NotificationListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    unread: z.enum(["true", "false"]).optional().describe("true: only unread notifications"),
  })
  .strict();

export const NotificationListResponse = z.object({
  notifications: z.array(NotificationSchema).describe("Newest first"),
  total: z.number().int(),
  unread_count: z.number().int(),
  read_only: z.boolean().describe("true while a super admin views this user (spoofing): marking read is refused"),
});

export const NotificationParams = z.object({ id: idCoerced });
export const NotificationResponse = z.object({ notification: NotificationSchema });

registerRoute({
  method: "get",
  path: "/api/v1/notifications",
  summary: "The signed-in user's notifications, newest first",
  tags: ["notifications"],
  request: { query: NotificationListQuery },
  responses: { 200: NotificationListResponse },
});
registerRoute({
  method: "patch",
  path: "/api/v1/notifications/{id}/read",
  summary: "Mark one of the signed-in user's notifications read (404 for anyone else's; 403 while spoofing)",
  tags: ["notifications"],
  request: { params: z.object({ id: idNumber }) },
  responses: { 200: NotificationResponse },
});
