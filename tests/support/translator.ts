import { createInstance, type TFunction } from "i18next";
import en from "~/platform/i18n/locales/en";
import zhCN from "~/platform/i18n/locales/zh-CN";

/** A `t` over the app's own texts in one language (no fallback: a key missing in zh-CN shows as the key). */
export function translator(lng: string): TFunction {
  const i18n = createInstance();
  void i18n.init({ lng, resources: { en: { common: en }, "zh-CN": { common: zhCN } }, defaultNS: "common", fallbackLng: false, initImmediate: false, interpolation: { escapeValue: false } });
  return i18n.t;
}
