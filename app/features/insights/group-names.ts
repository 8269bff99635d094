import type { TFunction } from "i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { TENURE_BANDS } from "~/features/insights/bands";
import type { InsightGroupRow } from "~/features/insights/insight-json";

/** How the insight pages name a group (issue 29, ADR 0112). PURE. */

/** The tenure bands are groups the insights compute (bands.ts), not people's data: they read in the reader's language. */
const TENURE_KEYS: Record<(typeof TENURE_BANDS)[number], TranslationKey> = {
  "< 1 year": "insightsPages.tenure.underOne",
  "1–2 years": "insightsPages.tenure.oneToTwo",
  "2–5 years": "insightsPages.tenure.twoToFive",
  "5+ years": "insightsPages.tenure.fivePlus",
};

/** A group's value as shown: a tenure band translated, an attribute's value (data) as it is. */
export function valueName(t: TFunction, value: string): string {
  const key = TENURE_KEYS[value as keyof typeof TENURE_KEYS];
  return key ? t(key) : value;
}

export function groupName(t: TFunction, row: Pick<InsightGroupRow, "group" | "other">): string {
  if (row.other) return t("insightsPages.other");
  return row.group === null ? t("insightsPages.notSet") : valueName(t, row.group);
}

/** A gap's words, the group named as groupName names it. */
export const gapText = (t: TFunction, words: readonly PageMessage[]) =>
  words.map((w) => messageText(t, typeof w.values?.group === "string" ? { ...w, values: { ...w.values, group: valueName(t, w.values.group) } } : w)).join(" ");
