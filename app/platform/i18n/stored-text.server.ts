import { createInstance, type TFunction } from "i18next";
import i18nConfig from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { storedMessageText, type StoredCode, type StoredMessage, type StoredValue } from "~/platform/i18n/stored-text";

let english: TFunction | null = null;

/** English strings as a synchronous `t` (one i18next instance, made on first use; every language is in memory). */
export function englishT(): TFunction {
  if (!english) {
    const instance = createInstance();
    void instance.init({ ...i18nConfig, resources: serverResources, lng: "en", initImmediate: false });
    english = instance.getFixedT("en", "common") as TFunction;
  }
  return english;
}

/**
 * A text to store for later readers (ADR 0096): its English (`text`, what the API, the audit and existing readers
 * see) and its code (`code`: the key, the values and that English), written together.
 */
export function storedText(key: TranslationKey, values?: Record<string, StoredValue>): { text: string; code: StoredCode } {
  const message: StoredMessage = values ? { key, values } : { key };
  const text = storedMessageText(englishT(), message);
  return { text, code: { ...message, en: text } };
}
