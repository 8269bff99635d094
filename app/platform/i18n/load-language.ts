import type { i18n as I18n } from "i18next";
import type { EnglishResources } from "~/platform/i18n/locales/en";
import { PSEUDO_LANGUAGE, pseudoResources } from "~/platform/i18n/pseudo";

/** The spec's rule for loading translations: up to 5 tries, the delay doubling from 350 ms. */
export const TRANSLATION_LOAD_TRIES = 5;
export const TRANSLATION_RETRY_DELAY_MS = 350;

const loaders: Record<string, () => Promise<EnglishResources>> = {
  "zh-CN": () => import("~/platform/i18n/locales/zh-CN").then((m) => m.default as EnglishResources),
  [PSEUDO_LANGUAGE]: () => import("~/platform/i18n/locales/en").then((m) => pseudoResources(m.default)),
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads a language's strings with the retry rule; rejects after the last try. en is always there. */
export async function loadTranslations(
  language: string,
  load: (language: string) => Promise<EnglishResources> = (l) => loaders[l]!(),
  sleep: (ms: number) => Promise<unknown> = wait,
): Promise<EnglishResources> {
  let delay = TRANSLATION_RETRY_DELAY_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load(language);
    } catch (error) {
      if (attempt >= TRANSLATION_LOAD_TRIES) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}

/** Makes sure the browser's i18next has the language's strings, then switches to it (no data is reloaded). */
export async function switchLanguage(i18n: I18n, language: string): Promise<void> {
  if (language !== "en" && loaders[language] && !i18n.hasResourceBundle(language, "common")) {
    try {
      i18n.addResourceBundle(language, "common", await loadTranslations(language), true, true);
    } catch {
      // After the last try the page stays in the language it has (English strings are always bundled).
      return;
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
