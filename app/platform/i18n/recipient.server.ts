import type { TFunction } from "i18next";
import { env } from "~/platform/env.server";
import type { Reader } from "~/platform/i18n/format";
import { i18next } from "~/platform/i18n/i18next.server";
import { resolveLanguage, resolveTimeZone } from "~/platform/i18n/preferences";

/** The user columns a recipient's language and zone are decided by (a Prisma `select`). */
export const RECIPIENT_READER_SELECT = { locale: true, timeZone: true, scimPreferredLanguage: true, scimTimeZone: true } as const;

export type RecipientChoice = { locale: string | null; timeZone: string | null; scimPreferredLanguage?: string | null; scimTimeZone?: string | null };

/**
 * The reader of an email or notification: its recipient (ADR 0077, 0096). Their own language, else the directory's
 * preferredLanguage when it names a supported language, else en (a message is not an answer to a browser, so there is
 * no Accept-Language); their own zone, else the directory's, else APP_TIME_ZONE.
 */
export function recipientReader(user: RecipientChoice): Reader {
  return {
    language: resolveLanguage({ chosen: user.locale, directory: user.scimPreferredLanguage ?? null }),
    timeZone: resolveTimeZone({ chosen: user.timeZone, directory: user.scimTimeZone ?? null, companyDefault: env().APP_TIME_ZONE }),
  };
}

/** The translation function of a recipient's language (every language is in the server's memory). */
export function recipientT(reader: Reader): Promise<TFunction<"common">> {
  return i18next.getFixedT(reader.language, "common") as Promise<TFunction<"common">>;
}
