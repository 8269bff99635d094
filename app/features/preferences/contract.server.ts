import { z } from "zod";
import { registerRoute } from "~/platform/openapi/registry.server";
import { CHOOSABLE_LANGUAGES, timeZoneChoices } from "~/platform/i18n/preferences";

/**
 * GET/PATCH /api/v1/me/preferences: the signed-in person's own language and time zone
 * (docs/decisions/0077-language-and-time-zone-per-person.md). null: not chosen (the browser's, else the defaults).
 */

const [firstLanguage, ...otherLanguages] = CHOOSABLE_LANGUAGES;
export const LanguageCodeSchema = z
  .enum([firstLanguage!, ...otherLanguages])
  .describe("A language of the interface (en, zh-CN); null: the browser's Accept-Language, else en");
const [firstZone, ...otherZones] = timeZoneChoices();
export const TimeZoneSchema = z
  .enum([firstZone!, ...otherZones])
  .describe("An IANA time zone (e.g. Asia/Shanghai); null: the browser's zone, else the company's APP_TIME_ZONE");

export const PreferencesSchema = z.object({
  locale: LanguageCodeSchema.nullable(),
  time_zone: TimeZoneSchema.nullable(),
});
export type PreferencesDto = z.infer<typeof PreferencesSchema>;

/** A change: only the fields sent change; null clears a choice. */
export const PreferencesPatchSchema = z
  .object({ locale: LanguageCodeSchema.nullable().optional(), time_zone: TimeZoneSchema.nullable().optional() })
  .strict();
export type PreferencesPatch = z.infer<typeof PreferencesPatchSchema>;

export const PreferencesResponse = z.object({ preferences: PreferencesSchema });

registerRoute({
  method: "get",
  path: "/api/v1/me/preferences",
  summary: "The signed-in person's own language and time zone",
  responses: { 200: PreferencesResponse },
});
registerRoute({
  method: "patch",
  path: "/api/v1/me/preferences",
  summary: "Choose your own language and time zone (used on every device; audited)",
  request: { body: PreferencesPatchSchema },
  responses: { 200: PreferencesResponse },
});
