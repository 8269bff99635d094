import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db.server";
import { api, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { computeRouteFlags } from "~/services/navigation.server";
import { registerRoute } from "~/services/openapi.server";

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

export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    return RouteConfigResponse.parse({ route_config: await computeRouteFlags(await getDb(), current.user.id) });
  });
export const action = () => methodNotAllowed(["GET"]);
