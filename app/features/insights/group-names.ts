import type { TFunction } from "i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { TENURE_BANDS } from "~/features/insights/bands";
import { builtInNameKey } from "~/features/insights/attribute-value-rules";
import { NOT_SET_IN_WORDS, type InsightGroupRow } from "~/features/insights/insight-json";

/** How the insight pages name a group (issue 29, ADR 0112). PURE. */

/** The tenure bands are groups the insights compute (bands.ts), not people's data: they read in the reader's language. */
const TENURE_KEYS: Record<(typeof TENURE_BANDS)[number], TranslationKey> = {
  "< 1 year": "insightsPages.tenure.underOne",
  "1–2 years": "insightsPages.tenure.oneToTwo",
  "2–5 years": "insightsPages.tenure.twoToFive",
  "5+ years": "insightsPages.tenure.fivePlus",
};

/** An attribute's name as shown: a built-in one's in the reader's language while it keeps its migration's name, else as named (data). */
export function attributeName(t: TFunction, attribute: { key?: string | null; name: string }): string {
  const key = builtInNameKey({ key: attribute.key ?? null, name: attribute.name });
  return key ? t(key) : attribute.name;
}

/** A group's value as shown: a tenure band translated, an attribute's value (data) as it is. */
export function valueName(t: TFunction, value: string): string {
  const key = TENURE_KEYS[value as keyof typeof TENURE_KEYS];
  return key ? t(key) : value;
}

export function groupName(t: TFunction, row: Pick<InsightGroupRow, "group" | "other">): string {
  if (row.other) return t("insightsPages.other");
  return row.group === null ? t("insightsPages.notSet") : valueName(t, row.group);
}

/**
 * The people with no value inside a gap's words ("" there, NOT_SET_IN_WORDS): a phrase that reads as the sentence's
 * subject, or inside it after "Feedback about" (the length sentences).
 */
const notSetInWords = (t: TFunction, key: TranslationKey) => t(key.startsWith("insights.gap.length") ? "insightsPages.notSetGroup.inline" : "insightsPages.notSetGroup.start");

/** A gap's words, the group named as groupName names it (the people with no value as a phrase a sentence can hold). */
export const gapText = (t: TFunction, words: readonly PageMessage[]) =>
  words
    .map((w) => {
      const group = w.values?.group;
      if (typeof group !== "string") return messageText(t, w);
      return messageText(t, { ...w, values: { ...w.values, group: group === NOT_SET_IN_WORDS ? notSetInWords(t, w.key) : valueName(t, group) } });
    })
    .join(" ");
