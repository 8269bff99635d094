import { createInstance, type TFunction } from "i18next";
import i18nConfig from "~/platform/i18n/i18n";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import { serverResources } from "~/platform/i18n/resources.server";

/**
 * The language a summary PDF is written in (issue 28): the reader's, decided as for the pages (ADR 0077: their choice,
 * else Accept-Language, else en). Unsupported languages fall back to English.
 */
export async function requestLanguage(request: Request): Promise<string> {
  return (await requestPreferences(request)).language;
}

const translators = new Map<string, Promise<TFunction>>();

/** The server's strings in `language` as a `t` function (one i18next instance a language, made once). */
export function pdfTranslator(language: string): Promise<TFunction> {
  const lng = (i18nConfig.supportedLngs as readonly string[]).includes(language) ? language : i18nConfig.fallbackLng;
  let ready = translators.get(lng);
  if (!ready) {
    const instance = createInstance();
    ready = instance.init({ ...i18nConfig, resources: serverResources, lng }).then(() => instance.t);
    translators.set(lng, ready);
  }
  return ready;
}
