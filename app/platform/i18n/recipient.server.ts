import type { TFunction } from "i18next";
import { env } from "~/platform/env.server";
import type { Reader } from "~/platform/i18n/format";
import { i18next } from "~/platform/i18n/i18next.server";
import { isChoosableLanguage, isTimeZone } from "~/platform/i18n/preferences";

/**
 * The reader of an email or notification: its recipient (ADR 0077). Their own language, else en (a message is not
 * an answer to a browser, so there is no Accept-Language); their own zone, else APP_TIME_ZONE.
 */
export function recipientReader(user: { locale: string | null; timeZone: string | null }): Reader {
  return {
    language: user.locale && isChoosableLanguage(user.locale) ? user.locale : "en",
    timeZone: user.timeZone && isTimeZone(user.timeZone) ? user.timeZone : env().APP_TIME_ZONE,
  };
}

/** The translation function of a recipient's language (every language is in the server's memory). */
export function recipientT(reader: Reader): Promise<TFunction<"common">> {
  return i18next.getFixedT(reader.language, "common") as Promise<TFunction<"common">>;
}
