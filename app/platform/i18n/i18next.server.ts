import { RemixI18Next } from "remix-i18next/server";
import i18n from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";

export const i18next = new RemixI18Next({
  detection: { supportedLanguages: i18n.supportedLngs, fallbackLanguage: i18n.fallbackLng },
  i18next: { ...i18n, resources: serverResources },
});
