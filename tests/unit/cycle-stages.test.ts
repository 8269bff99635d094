import { describe, expect, it } from "vitest";
import {
  CYCLE_STAGES,
  CYCLE_TRANSITIONS,
  STAGE_LABELS,
  canCloseAndProceed,
  canDelete,
  compareCycles,
  currentCycle,
  fromDbState,
  nextStage,
  sortCycles,
  toDbState,
  transitionFrom,
  validateTransition,
  type CycleStage,
  type SortableCycle,
} from "~/features/cycles/rules";

const c = (id: number, state: CycleStage, start_date: string | null, planned_end_date: string | null): SortableCycle => ({
  id,
  state,
  start_date,
  planned_end_date,
});

describe("stages", () => {
  it("are in the agreed order with the agreed chip texts", () => {
    expect(CYCLE_STAGES).toEqual(["draft", "start", "spu_feedback", "manager_feedback", "calibration", "communication"]);
    expect(CYCLE_STAGES.map((s) => STAGE_LABELS[s])).toEqual([
      "Not started",
      "Stage 1 - Start stage",
      "Stage 2 - SPU Feedback stage",
      "Stage 3 - Manager Feedback stage",
      "Stage 4 - Calibration stage",
      "Stage 5 - Communication stage",
    ]);
  });

  it("nextStage walks the order and ends at communication", () => {
    expect(nextStage("draft")).toBe("start");
    expect(nextStage("start")).toBe("spu_feedback");
    expect(nextStage("spu_feedback")).toBe("manager_feedback");
    expect(nextStage("manager_feedback")).toBe("calibration");
    expect(nextStage("calibration")).toBe("communication");
    expect(nextStage("communication")).toBeNull();
  });

  it("transitionFrom gives the call that leaves each stage", () => {
    expect(CYCLE_STAGES.map(transitionFrom)).toEqual([...CYCLE_TRANSITIONS, null]);
  });

  it("maps to and from the database enum", () => {
    for (const s of CYCLE_STAGES) expect(fromDbState(toDbState(s))).toBe(s);
    expect(toDbState("spu_feedback")).toBe("SPU_FEEDBACK");
    expect(() => fromDbState("BOGUS")).toThrow();
  });

  it("only draft may be deleted; Close & Proceed only between start and calibration", () => {
    expect(CYCLE_STAGES.filter(canDelete)).toEqual(["draft"]);
    expect(CYCLE_STAGES.filter(canCloseAndProceed)).toEqual(["start", "spu_feedback", "manager_feedback", "calibration"]);
  });
});

describe("validateTransition", () => {
  const valid: Array<[CycleStage, string, CycleStage]> = [
    ["draft", "start", "start"],
    ["start", "progress_to_spu_feedback", "spu_feedback"],
    ["spu_feedback", "progress_to_manager_feedback", "manager_feedback"],
    ["manager_feedback", "progress_to_calibration", "calibration"],
    ["calibration", "progress_to_communication", "communication"],
  ];

  it.each(valid)("%s --%s--> %s", (from, transition, to) => {
    expect(validateTransition(from, transition)).toEqual({ ok: true, from, to });
  });

  it("rejects every other (stage, transition) pair as out of order", () => {
    let rejected = 0;
    for (const stage of CYCLE_STAGES) {
      for (const t of CYCLE_TRANSITIONS) {
        if (valid.some(([f, tr]) => f === stage && tr === t)) continue;
        const r = validateTransition(stage, t, 7);
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.code).toBe("out_of_order");
          expect(r.message).toContain(`Cycle 7 is in stage '${STAGE_LABELS[stage]}'`);
          expect(r.message).toContain(t);
        }
        rejected++;
      }
    }
    expect(rejected).toBe(CYCLE_STAGES.length * CYCLE_TRANSITIONS.length - valid.length);
  });

  it("gives the agreed message", () => {
    const r = validateTransition("start", "progress_to_calibration", 3);
    expect(r).toEqual({
      ok: false,
      code: "out_of_order",
      message: "Cycle 3 is in stage 'Stage 1 - Start stage'; progress_to_calibration needs 'Stage 3 - Manager Feedback stage'",
    });
  });

  it("rejects unknown transitions", () => {
    expect(validateTransition("draft", "progress_to_nowhere")).toMatchObject({ ok: false, code: "unknown_transition" });
    expect(validateTransition("draft", "")).toMatchObject({ ok: false, code: "unknown_transition" });
  });
});

describe("compareCycles", () => {
  it("puts communication last, whatever its dates", () => {
    const sorted = sortCycles([c(1, "communication", "2030-01-01", "2031-01-01"), c(2, "draft", null, null)]);
    expect(sorted.map((x) => x.id)).toEqual([2, 1]);
  });

  it("puts cycles with a start date ahead of those without", () => {
    const sorted = sortCycles([c(1, "draft", null, "2040-01-01"), c(2, "start", "2024-01-01", "2024-02-01")]);
    expect(sorted.map((x) => x.id)).toEqual([2, 1]);
  });

  it("orders by later planned_end_date first, a missing end date last, then higher id", () => {
    const sorted = sortCycles([
      c(1, "start", "2024-01-01", "2024-03-01"),
      c(2, "start", "2024-01-01", "2024-06-01"),
      c(3, "start", "2024-01-01", null),
      c(4, "calibration", "2023-01-01", "2024-06-01"),
    ]);
    expect(sorted.map((x) => x.id)).toEqual([4, 2, 1, 3]);
  });

  it("applies all rules together", () => {
    const sorted = sortCycles([
      c(10, "communication", "2025-01-01", "2025-12-31"),
      c(11, "draft", null, "2026-12-31"),
      c(12, "spu_feedback", "2025-02-01", "2025-06-30"),
      c(13, "communication", "2024-01-01", "2024-12-31"),
      c(14, "start", "2025-03-01", "2025-09-30"),
      c(15, "draft", null, null),
    ]);
    expect(sorted.map((x) => x.id)).toEqual([14, 12, 11, 15, 10, 13]);
    expect(compareCycles(sorted[0]!, sorted[0]!)).toBe(0);
  });

  it("sorts by start date desc when asked", () => {
    const sorted = sortCycles(
      [c(1, "communication", "2025-01-01", null), c(2, "draft", null, null), c(3, "start", "2024-01-01", "2030-01-01")],
      { byStartDate: true },
    );
    expect(sorted.map((x) => x.id)).toEqual([1, 3, 2]);
  });

  it("currentCycle is the first started cycle before communication", () => {
    const sorted = sortCycles([c(1, "draft", "2025-01-01", "2026-01-01"), c(2, "calibration", "2025-01-01", "2025-06-01")]);
    expect(currentCycle(sorted)?.id).toBe(2);
    expect(currentCycle(sortCycles([c(1, "draft", null, null), c(2, "communication", null, null)]))).toBeNull();
  });
});
