import { describe, expect, it } from "vitest";
import { CYCLE_STAGES, type CycleStage } from "~/features/cycles/rules";
import {
  ANONYMISED_REVIEWER_TYPES,
  ANONYMITY_THRESHOLD,
  bestSummaryAccess,
  canSeeOutcome,
  isReportOpen,
  sectionVisibility,
  summaryAccess,
  thresholdMessage,
  type SummaryAccess,
} from "~/features/summaries/visibility";
import { REVIEWER_TYPES } from "~/features/questionnaires/rules";

const REVIEWEE = 10;
const MANAGER = 20;
const SECONDARY = 30;
const PEER = 40;
const ADMIN = 50;
/** A cycle whose reviewers' names managers see (ADR 0058). */
const NAMED = { peer: "managers", upward: "managers" } as const;
const subject = { userId: REVIEWEE, managerId: MANAGER, secondaryManagerId: SECONDARY };
const viewer = (userId: number, isSuperAdmin = false) => ({ userId, isSuperAdmin });
const granted = (a: SummaryAccess) => {
  if (!a.ok) throw new Error(`expected access, got ${a.message}`);
  return a;
};

describe("reviewee (own summary)", () => {
  it("is refused before the communication stage, with a message naming the stage", () => {
    for (const stage of CYCLE_STAGES.filter((s) => s !== "communication")) {
      const a = summaryAccess("own", viewer(REVIEWEE), subject, stage);
      expect(a).toMatchObject({ ok: false, status: 403, reason: "not_yet_open" });
      if (!a.ok) expect(a.message).toMatch(/opens in the communication stage/);
    }
  });

  it("reads it in the communication stage, with peer and upward feedback anonymised", () => {
    const a = granted(summaryAccess("own", viewer(REVIEWEE), subject, "communication"));
    expect(a).toMatchObject({ role: "reviewee", named: false });
    expect([...a.anonymisedTypes].sort()).toEqual(["DIRECT_REPORT", "MATRIX_TEAM", "PEER"]);
  });

  it("cannot use the own door for somebody else", () => {
    expect(summaryAccess("own", viewer(PEER), subject, "communication")).toMatchObject({ ok: false, reason: "not_related" });
  });

  it("opens the report (rating, decision) only in communication", () => {
    expect(CYCLE_STAGES.filter(isReportOpen)).toEqual(["communication"]);
    expect(canSeeOutcome("reviewee", "calibration")).toBe(false);
    expect(canSeeOutcome("reviewee", "communication")).toBe(true);
  });
});

describe("manager of the participant in this cycle", () => {
  it("reads named feedback at every stage when the cycle shows names to managers (ADR 0058)", () => {
    for (const stage of CYCLE_STAGES) {
      expect(granted(summaryAccess("direct_report", viewer(MANAGER), subject, stage, NAMED))).toMatchObject({ role: "manager", named: true, anonymisedTypes: [] });
    }
  });

  it("reads peer and upward feedback anonymised by default (ADR 0058)", () => {
    for (const stage of CYCLE_STAGES) {
      expect(granted(summaryAccess("direct_report", viewer(MANAGER), subject, stage))).toMatchObject({ role: "manager", named: false, anonymisedTypes: ANONYMISED_REVIEWER_TYPES });
    }
  });

  it("is refused for someone who is not their report (a peer, the secondary manager, an unmanaged participant, themselves)", () => {
    expect(summaryAccess("direct_report", viewer(PEER), subject, "communication")).toMatchObject({ ok: false, status: 403, reason: "not_related" });
    expect(summaryAccess("direct_report", viewer(SECONDARY), subject, "communication")).toMatchObject({ ok: false, reason: "not_related" });
    expect(summaryAccess("direct_report", viewer(MANAGER), { ...subject, managerId: null }, "communication")).toMatchObject({ ok: false });
    expect(summaryAccess("direct_report", viewer(REVIEWEE), { ...subject, managerId: REVIEWEE }, "communication")).toMatchObject({ ok: false });
  });
});

describe("secondary manager", () => {
  it("reads an anonymised summary from the manager feedback stage on", () => {
    const open: CycleStage[] = [];
    for (const stage of CYCLE_STAGES) {
      const a = summaryAccess("secondary_report", viewer(SECONDARY), subject, stage);
      if (a.ok) {
        open.push(stage);
        expect(a).toMatchObject({ role: "secondary_manager", named: false });
        expect([...a.anonymisedTypes].sort()).toEqual(["DIRECT_REPORT", "MATRIX_TEAM", "PEER"]);
      } else {
        expect(a.reason).toBe("not_yet_open");
      }
    }
    expect(open).toEqual(["manager_feedback", "calibration", "communication"]);
  });

  it("is refused for someone who is not their secondary report (including the primary manager)", () => {
    expect(summaryAccess("secondary_report", viewer(MANAGER), subject, "communication")).toMatchObject({ ok: false, reason: "not_related" });
    expect(summaryAccess("secondary_report", viewer(SECONDARY), { ...subject, secondaryManagerId: null }, "communication")).toMatchObject({ ok: false });
  });
});

describe("admin and everybody else", () => {
  it("a super admin reads any summary, named, at any stage", () => {
    for (const stage of CYCLE_STAGES) {
      expect(granted(summaryAccess("admin", viewer(ADMIN, true), subject, stage))).toMatchObject({ role: "admin", named: true });
    }
  });

  it("someone who is not a super admin cannot use the admin door", () => {
    expect(summaryAccess("admin", viewer(MANAGER), subject, "communication")).toMatchObject({ ok: false, reason: "not_related" });
  });

  it("nobody else reads a summary: a peer is refused through every door at every stage", () => {
    for (const stage of CYCLE_STAGES) {
      for (const door of ["own", "direct_report", "secondary_report", "admin"] as const) {
        expect(summaryAccess(door, viewer(PEER), subject, stage).ok).toBe(false);
      }
      expect(bestSummaryAccess(viewer(PEER), subject, stage)).toMatchObject({ ok: false, reason: "not_related" });
    }
  });

  it("bestSummaryAccess picks the relationship that opens, and explains a closed one", () => {
    expect(bestSummaryAccess(viewer(MANAGER), subject, "start")).toMatchObject({ ok: true, role: "manager" });
    expect(bestSummaryAccess(viewer(REVIEWEE), subject, "calibration")).toMatchObject({ ok: false, reason: "not_yet_open" });
    expect(bestSummaryAccess(viewer(SECONDARY), subject, "calibration")).toMatchObject({ ok: true, role: "secondary_manager" });
    // A reviewee who is also a super admin reads their own summary early only through the admin door (named).
    expect(bestSummaryAccess(viewer(REVIEWEE, true), subject, "calibration")).toMatchObject({ ok: true, role: "admin" });
  });
});

describe("anonymised sections and the 3-answer threshold", () => {
  const reviewee = granted(summaryAccess("own", viewer(REVIEWEE), subject, "communication"));
  const manager = granted(summaryAccess("direct_report", viewer(MANAGER), subject, "communication", NAMED));
  const secondary = granted(summaryAccess("secondary_report", viewer(SECONDARY), subject, "communication"));

  it("the threshold is 3", () => {
    expect(ANONYMITY_THRESHOLD).toBe(3);
  });

  it("hides peer answers below 3 and says how many answered so far", () => {
    for (const answered of [0, 1, 2]) {
      expect(sectionVisibility(reviewee, "PEER", answered)).toEqual({
        visible: false,
        anonymised: true,
        message: `Peer feedback is shown when at least 3 peers have answered (${answered} so far)`,
      });
    }
  });

  it("shows peer answers without names from 3 on", () => {
    for (const answered of [3, 4, 12]) expect(sectionVisibility(reviewee, "PEER", answered)).toEqual({ visible: true, anonymised: true, message: null });
  });

  it("treats upward feedback (direct reports, matrix team) the same way", () => {
    expect(sectionVisibility(reviewee, "DIRECT_REPORT", 2).message).toBe("Direct report feedback is shown when at least 3 direct reports have answered (2 so far)");
    expect(sectionVisibility(reviewee, "MATRIX_TEAM", 1).message).toBe("Matrix team feedback is shown when at least 3 matrix team members have answered (1 so far)");
    expect(sectionVisibility(secondary, "DIRECT_REPORT", 3)).toEqual({ visible: true, anonymised: true, message: null });
    expect(sectionVisibility(secondary, "PEER", 2).visible).toBe(false);
  });

  it("never anonymises self, manager or matrix manager feedback", () => {
    for (const type of ["SELF", "MANAGER", "MATRIX_MANAGER"] as const) {
      for (const answered of [0, 1]) expect(sectionVisibility(reviewee, type, answered)).toEqual({ visible: true, anonymised: false, message: null });
    }
  });

  it("named viewers (manager, admin) see every type named, below the threshold too", () => {
    const admin = granted(summaryAccess("admin", viewer(ADMIN, true), subject, "start"));
    for (const type of REVIEWER_TYPES) {
      expect(sectionVisibility(manager, type, 1)).toEqual({ visible: true, anonymised: false, message: null });
      expect(sectionVisibility(admin, type, 0)).toEqual({ visible: true, anonymised: false, message: null });
    }
  });

  it("words the message for every anonymised type", () => {
    for (const type of ANONYMISED_REVIEWER_TYPES) expect(thresholdMessage(type, 2)).toMatch(/is shown when at least 3 .+ have answered \(2 so far\)$/);
  });
});
