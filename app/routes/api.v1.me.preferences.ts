import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { assertNotSpoofing, requireApiUser } from "~/platform/auth.server";
import { PreferencesPatchSchema, PreferencesResponse } from "~/features/preferences/contract.server";
import { getPreferences, updatePreferences } from "~/features/preferences/service.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    return PreferencesResponse.parse({ preferences: await getPreferences(await getDb(), current.user.id) });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    const current = await requireApiUser(request);
    assertNotSpoofing(current);
    const patch = await parseJsonBody(request, PreferencesPatchSchema);
    return PreferencesResponse.parse({ preferences: await updatePreferences(await getDb(), current.user.id, current.actor, patch) });
  });
