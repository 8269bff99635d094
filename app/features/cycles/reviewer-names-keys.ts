import { NAME_GROUPS, type NameGroup, type NameVisibility, type ReviewerNames } from "~/features/cycles/reviewer-names";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * Each group's rule on reviewers' names as translation keys, one sentence a setting: the same sentences as
 * reviewer-names.ts `groupRuleText` (which the API keeps in English), in the reader's language on the pages.
 */
export const NAMES_RULE_KEYS: Record<NameGroup, Record<NameVisibility, TranslationKey>> = {
  peer: { nobody: "guidelines.rule.peer.nobody", managers: "guidelines.rule.peer.managers", managers_and_calibration: "guidelines.rule.peer.managers_and_calibration" },
  upward: { nobody: "guidelines.rule.upward.nobody", managers: "guidelines.rule.upward.managers", managers_and_calibration: "guidelines.rule.upward.managers_and_calibration" },
};

/** A cycle's rules, one key a group, in NAME_GROUPS' order (peer, then upward). */
export function namesRuleKeys(names: ReviewerNames): TranslationKey[] {
  return NAME_GROUPS.map((g) => NAMES_RULE_KEYS[g][names[g]]);
}
