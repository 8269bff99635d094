import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";
import { PSEUDO_LANGUAGE, pseudoResources } from "~/platform/i18n/pseudo";

/** Every language's strings, in the server's memory (one i18next instance a language renders with them). */
export const serverResources = {
  en: { common: en },
  "zh-CN": { common: zhCN },
  [PSEUDO_LANGUAGE]: { common: pseudoResources(en) },
};
