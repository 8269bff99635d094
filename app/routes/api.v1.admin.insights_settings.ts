import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { InsightsSettingsBody, InsightsSettingsResponse } from "~/features/insights/contract.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { readInsightsSettings, setPrivacyFloor } from "~/features/insights/settings.server";

/** GET /api/v1/admin/insights_settings (super admin) — the fairness insights' privacy floor (ADR 0103). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    return InsightsSettingsResponse.parse(await readInsightsSettings());
  });

/** PUT /api/v1/admin/insights_settings (super admin) — change the privacy floor (3 at least; audited). */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const input = await parseJsonBody(request, InsightsSettingsBody);
    return InsightsSettingsResponse.parse(await setPrivacyFloor(current.actor, input.privacy_floor));
  });
