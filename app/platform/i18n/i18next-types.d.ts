import "i18next";
import type { EnglishResources } from "~/platform/i18n/locales/en";

// Typed keys (ADR 0076): `t("section.key")` with a key English does not have is a type error.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: { common: EnglishResources };
  }
}
