/**
 * Who sees reviewers' names, per cycle (issue 26 §3, docs/decisions/0058-per-cycle-reviewer-names.md). PURE.
 *
 * A cycle says, for peer reviewers (peers and stakeholders) and for upward reviewers (direct reports, matrix team),
 * who besides super admins sees their names next to their answers:
 *  - "nobody"                    nobody but super admins;
 *  - "managers"                  also the reviewee's manager in the cycle;
 *  - "managers_and_calibration"  also the members of the reviewee's calibration session.
 * Everyone who does not see names sees that group's answers only from ANONYMITY_THRESHOLD answers on, without names
 * (summaries/visibility.ts). Self, manager and matrix manager feedback is never anonymous (one known person).
 * Chosen when the cycle is created; changeable until 360 feedback opens (the SPU feedback stage), then fixed.
 */
import { stageIndex, type CycleStage } from "~/features/cycles/rules";
import type { ReviewerType } from "~/features/questionnaires/rules";

export const NAME_VISIBILITIES = ["nobody", "managers", "managers_and_calibration"] as const;
export type NameVisibility = (typeof NAME_VISIBILITIES)[number];

/** The reviewer groups a cycle sets names for. */
export const NAME_GROUPS = ["peer", "upward"] as const;
export type NameGroup = (typeof NAME_GROUPS)[number];

export type ReviewerNames = { peer: NameVisibility; upward: NameVisibility };

/** The default (issue 26 §3): peer and upward answers anonymous to everyone but super admins. */
export const DEFAULT_REVIEWER_NAMES: ReviewerNames = { peer: "nobody", upward: "nobody" };

/** Which group a reviewer type belongs to; null: never anonymous (self, manager, matrix manager). */
export function nameGroupOf(type: ReviewerType): NameGroup | null {
  if (type === "PEER") return "peer";
  if (type === "DIRECT_REPORT" || type === "MATRIX_TEAM") return "upward";
  return null;
}

export function parseNameVisibility(value: unknown): NameVisibility {
  return (NAME_VISIBILITIES as readonly unknown[]).includes(value) ? (value as NameVisibility) : "nobody";
}

/** The cycle row's columns as the setting (an unknown stored value reads as the safest, "nobody"). */
export function reviewerNamesOf(row: { peerNames: string; upwardNames: string }): ReviewerNames {
  return { peer: parseNameVisibility(row.peerNames), upward: parseNameVisibility(row.upwardNames) };
}

/** Who reads answers besides the reviewee: super admin, the reviewee's manager, a calibration panel member, anyone else. */
export type NameReader = "super_admin" | "manager" | "calibration_panel" | "other";

/** Whether `reader` sees the names of reviewers of `type` in a cycle with `names`. */
export function seesReviewerNames(names: ReviewerNames, type: ReviewerType, reader: NameReader): boolean {
  const group = nameGroupOf(type);
  if (group === null) return true;
  if (reader === "super_admin") return true;
  const rule = names[group];
  if (reader === "manager") return rule === "managers" || rule === "managers_and_calibration";
  if (reader === "calibration_panel") return rule === "managers_and_calibration";
  return false;
}

/** The reviewer types `reader` reads without names (and under the threshold) in a cycle with `names`. */
export function anonymousTypesFor(names: ReviewerNames, reader: NameReader): ReviewerType[] {
  return (["PEER", "DIRECT_REPORT", "MATRIX_TEAM"] as const).filter((t) => !seesReviewerNames(names, t, reader));
}

/** The setting can change only before 360 feedback opens (draft and start stages). */
export function mayChangeReviewerNames(stage: CycleStage): boolean {
  return stageIndex(stage) < stageIndex("spu_feedback");
}

export const NAME_VISIBILITY_LABELS: Record<NameVisibility, string> = {
  nobody: "Nobody (anonymous to everyone but super admins)",
  managers: "The reviewee's manager",
  managers_and_calibration: "The reviewee's manager and calibration panel",
};

const WHO: Record<NameVisibility, string> = {
  nobody: "super admins only",
  managers: "the reviewee's manager and super admins",
  managers_and_calibration: "the reviewee's manager, their calibration panel and super admins",
};

const GROUP_WORDS: Record<NameGroup, string> = { peer: "Peer feedback", upward: "Upward feedback (from direct reports and matrix team)" };

/** One sentence of the rule for a group: for the guideline and the summaries. */
export function groupRuleText(names: ReviewerNames, group: NameGroup): string {
  const rule = names[group];
  return rule === "nobody"
    ? `${GROUP_WORDS[group]}: reviewers' names are visible to super admins only; everyone else sees these answers without names, once at least 3 have answered.`
    : `${GROUP_WORDS[group]}: reviewers' names are visible to ${WHO[rule]}; everyone else sees these answers without names, once at least 3 have answered.`;
}

/** What a reviewer of `type` is told on the feedback form before writing. */
export function formRuleText(names: ReviewerNames, type: ReviewerType): string {
  const group = nameGroupOf(type);
  if (group === null) return "Your name will be visible with your answers to the people who read this feedback.";
  const rule = names[group];
  return rule === "nobody"
    ? "Your answers are anonymous: only super admins see your name; everyone else sees your answers without your name, once at least 3 people have answered."
    : `Your name will be visible to ${WHO[rule]}; everyone else sees your answers without your name, once at least 3 people have answered.`;
}
