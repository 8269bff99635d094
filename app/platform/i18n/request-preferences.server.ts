import { env } from "~/platform/env.server";
import { BROWSER_TIME_ZONE_COOKIE, resolveLanguage, resolveTimeZone } from "~/platform/i18n/preferences";
import { requestMemo } from "~/platform/request-scope.server";
import { readSession } from "~/platform/session.server";

/** The language and time zone a request is answered in, and what the person chose (null: nothing chosen). */
export type RequestPreferences = {
  language: string;
  timeZone: string;
  chosen: { locale: string | null; timeZone: string | null };
};

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The one place a request's language and time zone are decided (docs/decisions/0077-language-and-time-zone-per-person.md),
 * used by the root loader and by entry.server.tsx: `?lng=`, else the signed-in person's choice, else the directory's
 * preferredLanguage (SCIM, ADR 0096), else Accept-Language, else en; the person's zone, else the directory's, else the
 * browser's (cookie `pmr_tz`), else APP_TIME_ZONE. While a super admin spoofs,
 * the person at the keyboard (the super admin) reads the page, so theirs count. The user comes from the request's
 * memoised session read (ADR 0063): no statement of its own.
 */
export function requestPreferences(request: Request): Promise<RequestPreferences> {
  return requestMemo(request, "platform:preferences", async () => {
    const session = await readSession(request).catch(() => null);
    const reader = session ? (session.realUser ?? session.user) : null;
    const chosen = { locale: reader?.locale ?? null, timeZone: reader?.timeZone ?? null };
    const language = resolveLanguage({
      searchLanguage: new URL(request.url).searchParams.get("lng"),
      chosen: chosen.locale,
      directory: reader?.scimPreferredLanguage ?? null,
      acceptLanguage: request.headers.get("Accept-Language"),
    });
    const timeZone = resolveTimeZone({
      chosen: chosen.timeZone,
      directory: reader?.scimTimeZone ?? null,
      browser: cookieValue(request, BROWSER_TIME_ZONE_COOKIE),
      companyDefault: env().APP_TIME_ZONE,
    });
    return { language, timeZone, chosen };
  });
}
