/**
 * Who may read a reviewee's feedback summary, and how much of it (issue [3/3] item 6).
 * See docs/decisions/0023-feedback-visibility-and-reports.md.
 *
 * Every summary request comes through one "door" that names the relationship claimed:
 *  - own               the reviewee reads their own summary: only once the cycle is in the communication stage;
 *  - direct_report     the participant's manager in THIS cycle, at any stage: named where the cycle's
 *                      reviewer-names setting lets managers see names (ADR 0058), else anonymised like the reviewee's;
 *  - secondary_report  the participant's secondary (matrix) manager in this cycle: a summary only (there is no
 *                      per-reviewer page for them), anonymised like the reviewee's, from the manager feedback
 *                      stage on (when 360 feedback is closed and the answers no longer change);
 *  - admin             a super admin: any summary, named, at any stage.
 * Nobody else reads a summary. A claim that does not hold is refused (403).
 *
 * Anonymity: peer/stakeholder answers and upward answers (direct reports, matrix team) are shown to the
 * reviewee and the secondary manager without names, and a group is shown only when at least
 * ANONYMITY_THRESHOLD people of that type have answered; otherwise the group says how many have answered so far.
 * Self, manager and matrix manager feedback is never anonymised (one known person, or the reviewee themselves).
 *
 * PURE module (no Node or browser imports): used by app/features/summaries/service.server.ts and the pages.
 */
import type { CycleStage } from "~/features/cycles/rules";
import type { ReviewerType } from "~/features/questionnaires/rules";
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { anonymousTypesFor, DEFAULT_REVIEWER_NAMES, type NameReader, type ReviewerNames } from "~/features/cycles/reviewer-names";

/** Fewest answers of an anonymised group before the group is shown (Culture Amp's default minimum). */
export const ANONYMITY_THRESHOLD = 3;

/** Reviewer types whose answers are anonymised for the reviewee and the secondary manager. */
export const ANONYMISED_REVIEWER_TYPES = ["PEER", "DIRECT_REPORT", "MATRIX_TEAM"] as const satisfies readonly ReviewerType[];

/** The order of sections in a summary: the people closest to the review first. */
export const SUMMARY_SECTION_ORDER: readonly ReviewerType[] = ["MANAGER", "SELF", "MATRIX_MANAGER", "PEER", "DIRECT_REPORT", "MATRIX_TEAM"];

export type SummaryDoor = "own" | "direct_report" | "secondary_report" | "admin";
export type SummaryViewerRole = "reviewee" | "manager" | "secondary_manager" | "admin";

/** Stages in which the reviewee reads their summary and report outcome (spec §4: communication). */
export const REVIEWEE_SUMMARY_STAGES = ["communication"] as const satisfies readonly CycleStage[];
/** Stages in which a secondary manager reads the summary of a secondary report. */
export const SECONDARY_MANAGER_SUMMARY_STAGES = ["manager_feedback", "calibration", "communication"] as const satisfies readonly CycleStage[];

export type SummaryViewer = { userId: number; isSuperAdmin: boolean };
/** The reviewee as a participant of the cycle (manager ids as set on the Participant row of this cycle). */
export type SummarySubject = { userId: number; managerId: number | null; secondaryManagerId: number | null };

export type SummaryAccess =
  | {
      ok: true;
      role: SummaryViewerRole;
      /** Reviewer names (and emails) may be shown for every section. */
      named: boolean;
      /** Types shown without names and only from ANONYMITY_THRESHOLD answers on ([] when named). */
      anonymisedTypes: readonly ReviewerType[];
    }
  | { ok: false; status: 403; reason: "not_yet_open" | "not_related"; message: string; /** The message's key (ADR 0108), where one is given. */ key?: PageMessage };

const STAGE_WORDS: Record<CycleStage, string> = {
  draft: "draft stage",
  start: "start stage",
  spu_feedback: "SPU feedback stage",
  manager_feedback: "manager feedback stage",
  calibration: "calibration stage",
  communication: "communication stage",
};

/** Whether the reviewee's Performance Cycle Report (summary, calibrated rating, promotion decision) is open. */
export function isReportOpen(stage: CycleStage): boolean {
  return (REVIEWEE_SUMMARY_STAGES as readonly CycleStage[]).includes(stage);
}

export const REPORT_NOT_OPEN_MESSAGE = "Your feedback summary opens in the communication stage";

/** The access of a reader whose names rule is the cycle's (ADR 0058): named only when no group is anonymous to them. */
export function readerAccess(role: SummaryViewerRole, reader: NameReader, names: ReviewerNames): Extract<SummaryAccess, { ok: true }> {
  const anonymisedTypes = anonymousTypesFor(names, reader);
  return { ok: true, role, named: anonymisedTypes.length === 0, anonymisedTypes };
}

/**
 * Decide whether `viewer` may read `subject`'s summary through `door` in `stage`, and how. `names`: the cycle's
 * reviewer-names setting (ADR 0058), which decides what the manager sees.
 */
export function summaryAccess(
  door: SummaryDoor,
  viewer: SummaryViewer,
  subject: SummarySubject,
  stage: CycleStage,
  names: ReviewerNames = DEFAULT_REVIEWER_NAMES,
): SummaryAccess {
  const refuse = (reason: "not_yet_open" | "not_related", message: string, key?: PageMessage) => ({ ok: false, status: 403, reason, message, ...(key ? { key } : {}) }) as const;
  switch (door) {
    case "own":
      if (viewer.userId !== subject.userId) return refuse("not_related", "You can read only your own feedback summary", pageMessage("summaryRefusal.ownOnly"));
      if (!isReportOpen(stage)) return refuse("not_yet_open", `${REPORT_NOT_OPEN_MESSAGE}; this cycle is in the ${STAGE_WORDS[stage]}`);
      return { ok: true, role: "reviewee", named: false, anonymisedTypes: ANONYMISED_REVIEWER_TYPES };
    case "direct_report":
      if (subject.managerId === null || subject.managerId !== viewer.userId || subject.userId === viewer.userId) {
        return refuse("not_related", "This person is not your direct report in this cycle", pageMessage("summaryRefusal.notDirectReport"));
      }
      return readerAccess("manager", "manager", names);
    case "secondary_report":
      if (subject.secondaryManagerId === null || subject.secondaryManagerId !== viewer.userId || subject.userId === viewer.userId) {
        return refuse("not_related", "This person is not your secondary report in this cycle", pageMessage("summaryRefusal.notSecondaryReport"));
      }
      if (!(SECONDARY_MANAGER_SUMMARY_STAGES as readonly CycleStage[]).includes(stage)) {
        return refuse("not_yet_open", `Secondary managers read the feedback summary from the manager feedback stage on; this cycle is in the ${STAGE_WORDS[stage]}`);
      }
      return { ok: true, role: "secondary_manager", named: false, anonymisedTypes: ANONYMISED_REVIEWER_TYPES };
    case "admin":
      if (!viewer.isSuperAdmin) return refuse("not_related", "Only a super admin can read any participant's feedback summary", pageMessage("summaryRefusal.adminOnly"));
      return { ok: true, role: "admin", named: true, anonymisedTypes: [] };
  }
}

/** Which door, if any, lets `viewer` read `subject`'s summary now (the first that opens; for links and tests). */
export function bestSummaryAccess(viewer: SummaryViewer, subject: SummarySubject, stage: CycleStage, names: ReviewerNames = DEFAULT_REVIEWER_NAMES): SummaryAccess {
  let last: SummaryAccess | null = null;
  for (const door of ["own", "direct_report", "secondary_report", "admin"] as const) {
    const access = summaryAccess(door, viewer, subject, stage, names);
    if (access.ok) return access;
    // A door that is related but not yet open explains better than "not related".
    if (!last || access.reason === "not_yet_open") last = access;
  }
  return last!;
}

// ---------------------------------------------------------------------------------------------
// Sections

const GROUP_WORDS: Record<(typeof ANONYMISED_REVIEWER_TYPES)[number], { group: string; one: string; many: string }> = {
  PEER: { group: "Peer feedback", one: "peer", many: "peers" },
  DIRECT_REPORT: { group: "Direct report feedback", one: "direct report", many: "direct reports" },
  MATRIX_TEAM: { group: "Matrix team feedback", one: "matrix team member", many: "matrix team members" },
};

export function isAnonymisedType(type: ReviewerType): type is (typeof ANONYMISED_REVIEWER_TYPES)[number] {
  return (ANONYMISED_REVIEWER_TYPES as readonly ReviewerType[]).includes(type);
}

/** 'Peer feedback is shown when at least 3 peers have answered (2 so far)'. */
export function thresholdMessage(type: (typeof ANONYMISED_REVIEWER_TYPES)[number], answered: number, threshold = ANONYMITY_THRESHOLD): string {
  const w = GROUP_WORDS[type];
  return `${w.group} is shown when at least ${threshold} ${threshold === 1 ? w.one : w.many} have answered (${answered} so far)`;
}

export type SectionVisibility = {
  /** The section's answers may be shown. */
  visible: boolean;
  /** Shown without names (and without anything that orders answers by person or time). */
  anonymised: boolean;
  /** Why the answers are hidden (the threshold message), or null. */
  message: string | null;
};

/** How one reviewer type's section is shown to a viewer with `access`, given how many of that type answered. */
export function sectionVisibility(access: Extract<SummaryAccess, { ok: true }>, type: ReviewerType, answered: number): SectionVisibility {
  if (access.named || !access.anonymisedTypes.includes(type) || !isAnonymisedType(type)) {
    return { visible: true, anonymised: false, message: null };
  }
  if (answered < ANONYMITY_THRESHOLD) return { visible: false, anonymised: true, message: thresholdMessage(type, answered) };
  return { visible: true, anonymised: true, message: null };
}

/** Calibrated rating and promotion decision appear on the reviewee's report only once it is open. */
export function canSeeOutcome(role: SummaryViewerRole, stage: CycleStage): boolean {
  return role === "reviewee" ? isReportOpen(stage) : true;
}
