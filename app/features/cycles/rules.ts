/**
 * Review-cycle stages: order, labels, transitions and list ordering.
 *
 * PURE module: no Node or browser imports. It is shared by the server, the pages and the
 * Temporal workflow bundle (workflows/cycle.ts), so it must stay deterministic.
 */

/** Stage values as the API and the workflow use them (lowercase snake case), in order. */
export const CYCLE_STAGES = ["draft", "start", "spu_feedback", "manager_feedback", "calibration", "communication"] as const;
export type CycleStage = (typeof CYCLE_STAGES)[number];

/** The same stages as stored in the database (Prisma enum CycleState). */
export type DbCycleState = "DRAFT" | "START" | "SPU_FEEDBACK" | "MANAGER_FEEDBACK" | "CALIBRATION" | "COMMUNICATION";

/** Chip text shown for each stage (spec §2: 'Stage N - name stage'). */
export const STAGE_LABELS: Record<CycleStage, string> = {
  draft: "Not started",
  start: "Stage 1 - Start stage",
  spu_feedback: "Stage 2 - SPU Feedback stage",
  manager_feedback: "Stage 3 - Manager Feedback stage",
  calibration: "Stage 4 - Calibration stage",
  communication: "Stage 5 - Communication stage",
};

/** Admin calls that move a cycle forward, in order. */
export const CYCLE_TRANSITIONS = [
  "start",
  "progress_to_spu_feedback",
  "progress_to_manager_feedback",
  "progress_to_calibration",
  "progress_to_communication",
] as const;
export type CycleTransition = (typeof CYCLE_TRANSITIONS)[number];

/** Each transition: the stage it needs and the stage it leads to. */
export const TRANSITION_TABLE: Record<CycleTransition, { from: CycleStage; to: CycleStage }> = {
  start: { from: "draft", to: "start" },
  progress_to_spu_feedback: { from: "start", to: "spu_feedback" },
  progress_to_manager_feedback: { from: "spu_feedback", to: "manager_feedback" },
  progress_to_calibration: { from: "manager_feedback", to: "calibration" },
  progress_to_communication: { from: "calibration", to: "communication" },
};

export function isCycleStage(value: unknown): value is CycleStage {
  return typeof value === "string" && (CYCLE_STAGES as readonly string[]).includes(value);
}

export function isCycleTransition(value: unknown): value is CycleTransition {
  return typeof value === "string" && (CYCLE_TRANSITIONS as readonly string[]).includes(value);
}

export function stageLabel(stage: CycleStage): string {
  return STAGE_LABELS[stage];
}

export function stageIndex(stage: CycleStage): number {
  return CYCLE_STAGES.indexOf(stage);
}

export function toDbState(stage: CycleStage): DbCycleState {
  return stage.toUpperCase() as DbCycleState;
}

export function fromDbState(state: DbCycleState | string): CycleStage {
  const stage = state.toLowerCase();
  if (!isCycleStage(stage)) throw new Error(`Unknown cycle state '${state}'`);
  return stage;
}

/** The stage after `stage`, or null for the last one. */
export function nextStage(stage: CycleStage): CycleStage | null {
  const i = stageIndex(stage);
  return i >= 0 && i < CYCLE_STAGES.length - 1 ? CYCLE_STAGES[i + 1]! : null;
}

/** The transition that leaves `stage`, or null when the cycle is in its last stage. */
export function transitionFrom(stage: CycleStage): CycleTransition | null {
  return CYCLE_TRANSITIONS.find((t) => TRANSITION_TABLE[t].from === stage) ?? null;
}

/** Whether the admin list offers 'Close & Proceed' (started, before communication). */
export function canCloseAndProceed(stage: CycleStage): boolean {
  return stage !== "draft" && stage !== "communication";
}

/** Only a cycle that has not started may be deleted. */
export function canDelete(stage: CycleStage): boolean {
  return stage === "draft";
}

export type TransitionCheck =
  | { ok: true; from: CycleStage; to: CycleStage }
  | { ok: false; code: "unknown_transition" | "out_of_order"; message: string };

/**
 * Check a transition against the cycle's current stage. `cycleId` only improves the message.
 * Example rejection: "Cycle 3 is in stage 'Stage 1 - Start stage'; progress_to_calibration needs 'Stage 3 - Manager Feedback stage'".
 */
export function validateTransition(current: CycleStage, transition: string, cycleId?: number | string): TransitionCheck {
  if (!isCycleTransition(transition)) {
    return { ok: false, code: "unknown_transition", message: `Unknown transition '${transition}'` };
  }
  const rule = TRANSITION_TABLE[transition];
  if (rule.from !== current) {
    const who = cycleId === undefined ? "The cycle" : `Cycle ${cycleId}`;
    return {
      ok: false,
      code: "out_of_order",
      message: `${who} is in stage '${STAGE_LABELS[current]}'; ${transition} needs '${STAGE_LABELS[rule.from]}'`,
    };
  }
  return { ok: true, from: rule.from, to: rule.to };
}

/** What list ordering needs to know about a cycle. Dates are 'YYYY-MM-DD' strings (or null). */
export type SortableCycle = {
  id: number;
  state: CycleStage;
  start_date: string | null;
  planned_end_date: string | null;
};

/**
 * Cycle list order (spec §4): cycles in communication last; otherwise cycles with a start date
 * ahead of those without; otherwise later planned_end_date first (a missing end date after any date);
 * then the higher id first.
 */
export function compareCycles(a: SortableCycle, b: SortableCycle): number {
  const aComm = a.state === "communication" ? 1 : 0;
  const bComm = b.state === "communication" ? 1 : 0;
  if (aComm !== bComm) return aComm - bComm;
  const aStart = a.start_date ? 0 : 1;
  const bStart = b.start_date ? 0 : 1;
  if (aStart !== bStart) return aStart - bStart;
  const byEnd = compareDatesDesc(a.planned_end_date, b.planned_end_date);
  if (byEnd !== 0) return byEnd;
  return b.id - a.id;
}

/** `sort_by_start_date=true`: later start date first, cycles without a start date last, then higher id first. */
export function compareCyclesByStartDate(a: SortableCycle, b: SortableCycle): number {
  const byStart = compareDatesDesc(a.start_date, b.start_date);
  if (byStart !== 0) return byStart;
  return b.id - a.id;
}

/** Later date first; null after any date. ISO dates compare correctly as strings. */
function compareDatesDesc(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

export function sortCycles<T extends SortableCycle>(cycles: readonly T[], opts: { byStartDate?: boolean } = {}): T[] {
  return [...cycles].sort(opts.byStartDate ? compareCyclesByStartDate : compareCycles);
}

/** The admin list's current cycle: the first in list order that has started and is not in communication. */
export function currentCycle<T extends SortableCycle>(sorted: readonly T[]): T | null {
  return sorted.find((c) => c.state !== "draft" && c.state !== "communication") ?? null;
}
