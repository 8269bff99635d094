import { data } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import { assertNotSpoofing, isSpoofing, requireUser } from "~/platform/auth.server";
import { readForm } from "~/platform/form.server";
import { LANGUAGES } from "~/platform/i18n/i18n";
import { timeZoneChoices } from "~/platform/i18n/preferences";
import { PreferencesPatchSchema } from "~/features/preferences/contract.server";
import { getPreferences, updatePreferences } from "~/features/preferences/service.server";

/** GET /app/preferences: the person's own choices, the languages (in their own names) and the time zones. */
export async function preferencesLoader(request: Request) {
  const current = await requireUser(request);
  return {
    preferences: await getPreferences(await getDb(), current.user.id),
    languages: LANGUAGES.map((l) => ({ code: l.code, name: l.name })),
    timeZones: timeZoneChoices(),
    spoofing: isSpoofing(current),
  };
}

export type PreferencesActionResult = { ok: true; preferences: Awaited<ReturnType<typeof getPreferences>> } | { ok: false; error: "invalid" | "spoofing" };

/**
 * POST /app/preferences (the form without JavaScript; with it the page calls PATCH /api/v1/me/preferences):
 * locale and time_zone, an empty value meaning "same as my browser". Audited by the service.
 */
export async function preferencesAction(request: Request) {
  const current = await requireUser(request);
  try {
    assertNotSpoofing(current);
  } catch (err) {
    if (err instanceof ApiError) return data<PreferencesActionResult>({ ok: false, error: "spoofing" }, { status: 403 });
    throw err;
  }
  const form = await readForm(request);
  const value = (name: string) => {
    const raw = form.get(name);
    return typeof raw === "string" && raw !== "" ? raw : null;
  };
  const patch = PreferencesPatchSchema.safeParse({ locale: value("locale"), time_zone: value("time_zone") });
  if (!patch.success) return data<PreferencesActionResult>({ ok: false, error: "invalid" }, { status: 400 });
  const preferences = await updatePreferences(await getDb(), current.user.id, current.actor, patch.data);
  return data<PreferencesActionResult>({ ok: true, preferences });
}
