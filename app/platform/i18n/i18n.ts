import en from "~/platform/i18n/locales/en";

/** i18next settings shared by server and client. The default (and fallback) language is en. */
export default {
  supportedLngs: ["en"],
  fallbackLng: "en",
  defaultNS: "common",
  react: { useSuspense: false },
  resources: { en: { common: en } },
  interpolation: { escapeValue: false },
};
