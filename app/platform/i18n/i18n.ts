import en from "~/platform/i18n/locales/en";
import { PSEUDO_LANGUAGE } from "~/platform/i18n/pseudo";

/** The languages a person can choose, with their own names (ADR 0076). */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "zh-CN", name: "简体中文" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"] | typeof PSEUDO_LANGUAGE;

/** Every language the server answers in: the chosen ones and the test pseudo-language en-XA. */
export const SUPPORTED_LANGUAGES: readonly string[] = [...LANGUAGES.map((l) => l.code), PSEUDO_LANGUAGE];

/**
 * i18next settings shared by server and client. The default (and fallback) language is en; its strings ship in the
 * client bundle, another language's are loaded when it is used (load-language.ts) and on the server all are in memory.
 */
export default {
  supportedLngs: SUPPORTED_LANGUAGES as string[],
  fallbackLng: "en",
  defaultNS: "common",
  react: { useSuspense: false },
  resources: { en: { common: en } } as Record<string, { common: typeof en }>,
  interpolation: { escapeValue: false },
};
