import { describe, expect, it } from "vitest";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { aggregateFeedbackSummary, type SummaryFeedbackRow } from "~/features/summaries/rules";
import { ANONYMITY_THRESHOLD as SUMMARY_THRESHOLD, thresholdMessage } from "~/features/summaries/visibility";
import {
  ANONYMITY_THRESHOLD,
  chronological,
  latest,
  onFivePointScale,
  ratingVisible,
  relationshipOf,
  statsPoint,
  trendAccess,
} from "~/features/performance-trends/rules";
import type { RatingPoint, TrendCycle } from "~/features/performance-trends/types";
import { ratingsSummary, statsSummary, teamSummary, thresholdMessage as trendsThreshold } from "~/features/performance-trends/messages";
import type { PageMessage } from "~/platform/i18n/page-message";
import { translator } from "../support/translator";

function reader(lng: string) {
  const t = translator(lng);
  return (m: PageMessage, extra: Record<string, string | number> = {}) => t(m.key, { ...m.values, ...extra }) as string;
}
const english = reader("en");
const fixed = (n: number, digits: number) => n.toFixed(digits);
/** The ratings summary as the page says it in English (the rating label a key of its own). */
const ratingsLine = (points: RatingPoint[]) => {
  const s = ratingsSummary(points);
  return english(s.message, { rating: s.ratingKey ? english({ key: s.ratingKey }) : "" });
};

const PERSON = 1;
const MANAGER = 2;
const SECONDARY = 3;
const ADMIN = 4;
const OTHER = 5;
const subject = { userId: PERSON, managerId: MANAGER, secondaryManagerId: SECONDARY };
const viewer = (userId: number, isSuperAdmin = false) => ({ userId, isSuperAdmin });
const cycle = (id: number, start: string | null, end: string | null = null): TrendCycle => ({
  id,
  name: `C${id}`,
  state: "communication",
  stage_label: "Stage 5 - Communication stage",
  start_date: start,
  planned_end_date: end,
});

describe("who reads which cycle (the summaries' doors)", () => {
  it("uses the summaries' anonymity threshold", () => {
    expect(ANONYMITY_THRESHOLD).toBe(SUMMARY_THRESHOLD);
  });

  it("the person reads their own cycles only in communication, anonymised, even as a super admin", () => {
    for (const stage of CYCLE_STAGES) {
      for (const admin of [false, true]) {
        const a = trendAccess(viewer(PERSON, admin), subject, stage);
        expect(a.ok).toBe(stage === "communication");
        if (a.ok) expect(a).toMatchObject({ role: "reviewee", named: false });
      }
    }
  });

  it("the manager in that cycle reads it named at any stage where the cycle shows managers names (ADR 0058), else anonymised; the secondary manager anonymised from manager feedback on", () => {
    for (const stage of CYCLE_STAGES) {
      expect(trendAccess(viewer(MANAGER), subject, stage, { peer: "managers", upward: "managers" })).toMatchObject({ ok: true, role: "manager", named: true });
      expect(trendAccess(viewer(MANAGER), subject, stage)).toMatchObject({ ok: true, role: "manager", named: false });
      const s = trendAccess(viewer(SECONDARY), subject, stage);
      expect(s.ok).toBe(["manager_feedback", "calibration", "communication"].includes(stage));
      if (s.ok) expect(s).toMatchObject({ role: "secondary_manager", named: false });
    }
  });

  it("a super admin reads anyone's named; anybody else nothing", () => {
    expect(trendAccess(viewer(ADMIN, true), subject, "spu_feedback")).toMatchObject({ ok: true, role: "admin", named: true });
    expect(trendAccess(viewer(OTHER), subject, "communication")).toMatchObject({ ok: false, status: 403 });
  });

  it("a calibrated rating: the person's once in communication, the manager's from calibration on", () => {
    expect(CYCLE_STAGES.filter((s) => ratingVisible("reviewee", s))).toEqual(["communication"]);
    expect(CYCLE_STAGES.filter((s) => ratingVisible("manager", s))).toEqual(["calibration", "communication"]);
  });

  it("relationship: self before manager before secondary manager before super admin; none is a refusal", () => {
    const none = { self: false, manager: false, secondaryManager: false, superAdmin: false };
    expect(relationshipOf({ ...none, self: true, superAdmin: true })).toBe("self");
    expect(relationshipOf({ ...none, manager: true, secondaryManager: true })).toBe("manager");
    expect(relationshipOf({ ...none, secondaryManager: true, superAdmin: true })).toBe("secondary_manager");
    expect(relationshipOf({ ...none, superAdmin: true })).toBe("admin");
    expect(relationshipOf(none)).toBeNull();
  });
});

describe("ordering", () => {
  it("oldest first by start date, else planned end date, undated last, then id; latest keeps the newest", () => {
    const cycles = [cycle(1, "2026-04-01"), cycle(2, null, "2025-12-31"), cycle(3, null), cycle(4, "2025-01-01"), cycle(5, "2026-04-01")];
    expect(chronological(cycles).map((c) => c.id)).toEqual([4, 2, 1, 5, 3]);
    expect(latest([1, 2, 3, 4, 5], 2)).toEqual([4, 5]);
    expect(latest([1], 8)).toEqual([1]);
  });
});

describe("statistics from a summary section", () => {
  const peerRows = (values: number[], drafts = 0): SummaryFeedbackRow[] => [
    ...values.map((v, i) => ({ reviewerType: "PEER" as const, status: "SUBMITTED" as const, answers: { overall_impact: v, strengths: `text ${i}` }, reviewerName: `P${i}`, reviewerEmail: `p${i}@x` })),
    ...Array.from({ length: drafts }, (_, i) => ({ reviewerType: "PEER" as const, status: "DRAFT" as const, answers: null, reviewerName: `D${i}`, reviewerEmail: `d${i}@x` })),
  ];
  const sectionFor = (rows: SummaryFeedbackRow[], role: "reviewee" | "manager" | "anonymous_manager") => {
    const access =
      role === "reviewee"
        ? trendAccess(viewer(PERSON), subject, "communication")
        : trendAccess(viewer(MANAGER), subject, "communication", role === "manager" ? { peer: "managers", upward: "managers" } : undefined);
    if (!access.ok) throw new Error("no access");
    return aggregateFeedbackSummary(rows, DEFAULT_QUESTIONNAIRE, access).sections.find((s) => s.reviewer_type === "peer")!;
  };

  it("below the threshold an anonymised reader gets the summaries' message and no numbers", () => {
    const p = statsPoint(cycle(1, "2026-01-01"), sectionFor(peerRows([5, 1], 1), "reviewee"));
    expect(p).toMatchObject({ requested: 3, submitted: 2, visible: false, anonymised: true, average: null, questions: [] });
    expect(p.message).toBe(thresholdMessage("PEER", 2));
  });

  it("from the threshold on: counts and rating averages only (no texts, no names)", () => {
    const p = statsPoint(cycle(1, "2026-01-01"), sectionFor(peerRows([5, 4, 3]), "reviewee"));
    expect(p).toMatchObject({ submitted: 3, visible: true, message: null, average: 4 });
    expect(p.questions).toEqual([{ id: "overall_impact", label: expect.any(String), responses: 3, average: 4, scale: { min: 1, max: 5 } }]);
    expect(JSON.stringify(p)).not.toMatch(/text 0|P0|p0@x/);
  });

  it("the named manager sees numbers below the threshold, as in the summary", () => {
    expect(statsPoint(cycle(1, "2026-01-01"), sectionFor(peerRows([2]), "manager"))).toMatchObject({ visible: true, anonymised: false, average: 2 });
  });

  it("a manager of a cycle that keeps peer names from managers (the default) sees no numbers below the threshold", () => {
    expect(statsPoint(cycle(1, "2026-01-01"), sectionFor(peerRows([2]), "anonymous_manager"))).toMatchObject({ visible: false, anonymised: true, average: null });
  });

  it("puts other scales on 1-5", () => {
    expect(onFivePointScale(0, { min: 0, max: 10 })).toBe(1);
    expect(onFivePointScale(10, { min: 0, max: 10 })).toBe(5);
    expect(onFivePointScale(4, { min: 1, max: 7 })).toBe(3);
  });
});

describe("summary lines", () => {
  const point = (id: number, value: number | null, final = true): RatingPoint => ({
    cycle: cycle(id, `202${id}-01-01`),
    rating: value === null ? null : { value, label: `${value} - x` },
    final,
  });
  it("ratings: latest, change and provisional (English as the spec's; Chinese complete)", () => {
    expect(ratingsLine([point(1, 3), point(2, 4)])).toBe("Latest: 4 - Exceeds Expectations in C2 (up 1 from C1) · 2 cycles rated");
    expect(ratingsLine([point(1, 4), point(2, 3, false)])).toBe("Latest: 3 - Meets Expectations in C2 (provisional) (down 1 from C1) · 2 cycles rated");
    expect(ratingsLine([point(1, 3), point(2, 3)])).toBe("Latest: 3 - Meets Expectations in C2 (unchanged) · 2 cycles rated");
    expect(ratingsLine([point(1, 5)])).toBe("Latest: 5 - Outstanding in C1 · 1 cycle rated");
    expect(ratingsLine([point(1, null)])).toBe("1 cycle, none rated yet");
    const zh = reader("zh-CN");
    const s = ratingsSummary([point(1, 3), point(2, 4)]);
    expect(zh(s.message, { rating: zh({ key: s.ratingKey! }) })).toBe("最新：C2 为 4 - 超出预期（较 C1 上升 1） · 已评级 2 个周期");
  });
  it("statistics: the latest shown cycle", () => {
    expect(statsSummary("peer", [], fixed)).toBeNull();
    const hidden = { cycle: cycle(1, null), requested: 2, submitted: 2, anonymised: true, visible: false, message: "m", average: null, questions: [] };
    expect(english(statsSummary("upward", [hidden], fixed)!)).toBe("1 cycle, none with enough answers to show");
    expect(english(statsSummary("peer", [{ ...hidden, visible: true, average: 3.5, submitted: 3 }], fixed)!)).toBe("Latest: 3.50 of 5 from 3 peers in C1");
    expect(english(statsSummary("upward", [{ ...hidden, visible: true, average: 4, submitted: 1 }], fixed)!)).toBe("Latest: 4.00 of 5 from 1 direct report in C1");
  });
  it("team: reports, the latest rated cycle and its average", () => {
    const line = (reports: number, points: Array<{ cycle: TrendCycle; values: number[] }>) => {
      const s = teamSummary(reports, points, fixed);
      return english(s.message, { ratings: s.ratings ? english(s.ratings) : "" });
    };
    expect(line(3, [{ cycle: cycle(1, null, null), values: [3, 4] }])).toBe("3 direct reports · C1: 2 ratings, average 3.5");
    expect(line(1, [{ cycle: cycle(1, null, null), values: [] }])).toBe("1 direct report, none rated yet");
  });
  it("a hidden cycle's message says what the summaries say", () => {
    expect(english(trendsThreshold("peer", 3, 2))).toBe(thresholdMessage("PEER", 2, 3));
    expect(english(trendsThreshold("upward", 3, 1))).toBe(thresholdMessage("DIRECT_REPORT", 1, 3));
  });
});
