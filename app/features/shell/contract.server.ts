import { z } from "zod";
import { registerRoute } from "~/platform/openapi/registry.server";
import { CoachmarkSchema } from "~/features/shell/coachmarks.server";
import { UserFeedbackInputSchema, UserFeedbackSchema } from "~/features/shell/user-feedback/service.server";

/** Contracts of the shell's API routes: config, route_config, coachmarks, user_feedback, users/has_direct_report. */

export const ConfigResponse = z.object({
  RAILS_ENVIRONMENT: z.string(),
  GA_GTAG_ID: z.string().nullable(),
  GOOGLE_CLIENT_ID: z.string().nullable(),
  LARK_CLIENT_ID: z.string().nullable(),
  SENTRY_DSN: z.string().nullable(),
  DEPLOYMENT_ENVIRONMENT: z.string(),
});
registerRoute({ method: "get", path: "/api/v1/config", summary: "Public configuration", public: true, responses: { 200: ConfigResponse } });

const flag = z.boolean();
export const RouteConfigResponse = z.object({
  route_config: z.object({
    "has_direct_report?": flag,
    "rating_calibration?": flag,
    "hr_partner_has_employees?": flag,
    "session_admin?": flag,
    "panelists?": flag,
    "sign_off_party?": flag,
    "promotions?": flag,
    "promotion_endorser?": flag,
    "promotion_session_admin?": flag,
    "promotion_panelist?": flag,
    "promotion_sign_off_party?": flag,
    "has_user_feedback?": flag,
  }),
});
registerRoute({
  method: "get",
  path: "/api/v1/route_config",
  summary: "Which navigation groups apply to the signed-in user",
  responses: { 200: RouteConfigResponse },
});

export { CoachmarkSchema };
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

export { UserFeedbackInputSchema };
export const UserFeedbackResponse = z.object({ user_feedback: UserFeedbackSchema });
registerRoute({
  method: "post",
  path: "/api/v1/user_feedback",
  summary: "Answer 'Do you like using the product?'",
  request: { body: UserFeedbackInputSchema },
  responses: { 201: UserFeedbackResponse },
});

export const HasDirectReportResponse = z.object({ has_direct_report: z.boolean() });
registerRoute({
  method: "get",
  path: "/api/v1/users/has_direct_report",
  summary: "Whether the signed-in user manages anyone",
  responses: { 200: HasDirectReportResponse },
});

registerRoute({ method: "get", path: "/api/v1/openapi.json", summary: "This API description", public: true, responses: {} });
