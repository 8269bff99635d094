/**
 * Rating calibration sessions (ADR 0026): the state machine, who may do what in each state, the
 * guideline distribution and the statistics the pages show. PURE module: the workflow
 * (workflows/calibration-session.ts), the services and the components all use it.
 */
// Relative on purpose: this module is bundled into the workflows (webpack there knows no `~/` alias).
import { CALIBRATED_RATINGS, CALIBRATED_RATING_LABELS } from "../participants/rules";

// ---------------------------------------------------------------------------------------------
// States and transitions (spec §4)

export const SESSION_STATES = ["draft", "active", "in_review", "revision_requested", "closed"] as const;
export type SessionState = (typeof SESSION_STATES)[number];

export const SESSION_STATE_LABELS: Record<SessionState, string> = {
  draft: "Draft",
  active: "Active",
  in_review: "In review",
  revision_requested: "Revision requested",
  closed: "Closed",
};

/**
 * The moves of a session. `activate` (HR partner or admin), `progress_to_review` (session admin),
 * `progress_to_close` / `progress_to_revision_requested` (sign-off party), `close` (admin: close_all and
 * the close of every session in review).
 */
export const SESSION_TRANSITIONS = ["activate", "progress_to_review", "progress_to_close", "progress_to_revision_requested", "close"] as const;
export type SessionTransition = (typeof SESSION_TRANSITIONS)[number];

export const SESSION_TRANSITION_TABLE: Record<SessionTransition, { from: readonly SessionState[]; to: SessionState }> = {
  activate: { from: ["draft"], to: "active" },
  progress_to_review: { from: ["active", "revision_requested"], to: "in_review" },
  progress_to_close: { from: ["in_review"], to: "closed" },
  progress_to_revision_requested: { from: ["in_review"], to: "revision_requested" },
  close: { from: ["draft", "active", "in_review", "revision_requested"], to: "closed" },
};

export function isSessionState(value: unknown): value is SessionState {
  return typeof value === "string" && (SESSION_STATES as readonly string[]).includes(value);
}

export function isSessionTransition(value: unknown): value is SessionTransition {
  return typeof value === "string" && (SESSION_TRANSITIONS as readonly string[]).includes(value);
}

export type SessionTransitionCheck =
  | { ok: true; from: SessionState; to: SessionState }
  | { ok: false; code: "invalid_transition"; message: string };

/** Is `transition` allowed from `state`? (The workflow's update validator.) */
export function validateSessionTransition(state: SessionState, transition: SessionTransition, sessionId: number): SessionTransitionCheck {
  const row = SESSION_TRANSITION_TABLE[transition];
  if (!row) return { ok: false, code: "invalid_transition", message: `Unknown session transition '${String(transition)}'` };
  if (!row.from.includes(state)) {
    return {
      ok: false,
      code: "invalid_transition",
      message: `Calibration session ${sessionId} is '${SESSION_STATE_LABELS[state]}'; '${transition}' is allowed only from ${row.from
        .map((s) => `'${SESSION_STATE_LABELS[s]}'`)
        .join(" or ")}`,
    };
  }
  return { ok: true, from: state, to: row.to };
}

/** Not closed: blocks the cycle's move to communication (ADR 0026). */
export function isSessionOpen(state: SessionState): boolean {
  return state !== "closed";
}

// ---------------------------------------------------------------------------------------------
// Who may do what, in which state

export type SessionRole = "hr_partner" | "admin" | "session_admin" | "panelist" | "sign_off";

export const SESSION_ACTIONS = [
  "edit",
  "activate",
  "propose_rating",
  "comment",
  "set_rating",
  "move_participants",
  "terminate_participant",
  "progress_to_review",
  "sign_off",
  "set_deadline",
] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

/** The states in which each role may take each action (absent: never). */
const PERMISSIONS: Record<SessionAction, Partial<Record<SessionRole, readonly SessionState[]>>> = {
  edit: { hr_partner: ["draft"], admin: ["draft"] },
  activate: { hr_partner: ["draft"], admin: ["draft"] },
  propose_rating: { panelist: ["active", "revision_requested"] },
  comment: {
    panelist: ["active", "revision_requested", "in_review"],
    session_admin: ["active", "revision_requested", "in_review"],
    sign_off: ["in_review"],
  },
  set_rating: { session_admin: ["active", "revision_requested"] },
  move_participants: { session_admin: ["active", "revision_requested"] },
  terminate_participant: { session_admin: ["active", "revision_requested"] },
  progress_to_review: { session_admin: ["active", "revision_requested"] },
  sign_off: { sign_off: ["in_review"] },
  set_deadline: { hr_partner: ["draft", "active", "in_review", "revision_requested"], admin: ["draft", "active", "in_review", "revision_requested"] },
};

export function may(roles: readonly SessionRole[], action: SessionAction, state: SessionState): boolean {
  const rule = PERMISSIONS[action];
  return roles.some((r) => rule[r]?.includes(state) ?? false);
}

/** Does the role ever take this action (in some state)? Used to tell 403 (wrong person) from 409 (wrong moment). */
export function mayEver(roles: readonly SessionRole[], action: SessionAction): boolean {
  const rule = PERMISSIONS[action];
  return roles.some((r) => (rule[r]?.length ?? 0) > 0);
}

export function statesFor(role: SessionRole, action: SessionAction): readonly SessionState[] {
  return PERMISSIONS[action][role] ?? [];
}

// ---------------------------------------------------------------------------------------------
// Ratings, potential, the 9-box

export const RATINGS = CALIBRATED_RATINGS;
export type Rating = (typeof RATINGS)[number];
export const RATING_LABELS = CALIBRATED_RATING_LABELS;

export function isRating(value: unknown): value is Rating {
  return typeof value === "number" && (RATINGS as readonly number[]).includes(value);
}

export const POTENTIALS = [1, 2, 3] as const;
export type Potential = (typeof POTENTIALS)[number];
export const POTENTIAL_LABELS: Record<Potential, string> = { 1: "Low potential", 2: "Medium potential", 3: "High potential" };

/** 9-box performance band of a rating: 1 (ratings 1–2), 2 (rating 3), 3 (ratings 4–5). */
export function performanceBand(rating: number | null | undefined): 1 | 2 | 3 | null {
  if (rating == null) return null;
  if (rating <= 2) return 1;
  if (rating === 3) return 2;
  return 3;
}

export const PERFORMANCE_BAND_LABELS: Record<1 | 2 | 3, string> = { 1: "Below", 2: "Meets", 3: "Above" };

/** The rating a drop into a band gives, when the person's band changes (the band's middle point). */
export function ratingForBand(band: 1 | 2 | 3, current: number | null): Rating {
  if (current != null && performanceBand(current) === band) return current as Rating;
  return band === 1 ? 2 : band === 2 ? 3 : 4;
}

/** Rescale a point of a rating question's scale onto the 1–5 calibration scale (rounded half up). */
export function toCalibrationScale(value: number, min: number, max: number): Rating | null {
  if (!Number.isFinite(value) || max <= min || value < min || value > max) return null;
  if (min === 1 && max === 5) return value as Rating;
  const r = Math.round(1 + ((value - min) * 4) / (max - min));
  return Math.min(5, Math.max(1, r)) as Rating;
}

// ---------------------------------------------------------------------------------------------
// Guideline distribution

export type Guideline = Record<Rating, number>;

export const DEFAULT_GUIDELINE: Guideline = { 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 };

/** A guideline read from stored JSON; anything malformed gives the default. */
export function readGuideline(value: unknown): Guideline {
  if (!value || typeof value !== "object") return { ...DEFAULT_GUIDELINE };
  const v = value as Record<string, unknown>;
  const out = {} as Guideline;
  for (const r of RATINGS) {
    const n = v[String(r)];
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0) return { ...DEFAULT_GUIDELINE };
    out[r] = n;
  }
  return out;
}

export function guidelineTotal(g: Guideline): number {
  return RATINGS.reduce((n, r) => n + g[r], 0);
}

export type DistributionRow = {
  rating: Rating;
  label: string;
  count: number;
  /** Share of rated people, in percent (one decimal). */
  percent: number;
  guideline_percent: number;
  /** Head count the guideline asks for, given the rated people. */
  guideline_count: number;
};

/** The live distribution of the ratings (terminated people and people without a rating are left out). */
export function distribution(ratings: ReadonlyArray<number | null>, guideline: Guideline): { rated: number; unrated: number; rows: DistributionRow[] } {
  const counts = new Map<number, number>();
  let rated = 0;
  let unrated = 0;
  for (const r of ratings) {
    if (r == null || !isRating(r)) {
      unrated++;
      continue;
    }
    rated++;
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const rows = RATINGS.map((rating) => {
    const count = counts.get(rating) ?? 0;
    return {
      rating,
      label: RATING_LABELS[rating],
      count,
      percent: rated ? Math.round((count * 1000) / rated) / 10 : 0,
      guideline_percent: guideline[rating],
      guideline_count: Math.round((guideline[rating] * rated) / 100),
    };
  });
  return { rated, unrated, rows };
}

// ---------------------------------------------------------------------------------------------
// Outlier flags (ADR 0026)

/** A group is flagged when it has at least this many rated people ... */
export const OUTLIER_MIN_GROUP = 3;
/** ... and its mean proposed rating sits more than this many points from the expected mean. */
export const OUTLIER_MEAN_GAP = 0.5;

export function guidelineMean(g: Guideline): number {
  const total = guidelineTotal(g);
  if (!total) return 3;
  return RATINGS.reduce((n, r) => n + r * g[r], 0) / total;
}

export type OutlierGroup = { kind: "manager" | "department"; key: string; label: string; ratings: number[] };

export type OutlierFlag = {
  kind: "manager" | "department";
  key: string;
  label: string;
  people: number;
  mean: number;
  /** Mean of the group minus the reference mean (guideline and company), rounded to two decimals. */
  gap_to_guideline: number;
  gap_to_company: number;
  direction: "high" | "low";
};

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Groups (managers, departments) whose mean proposed rating is more than OUTLIER_MEAN_GAP away from
 * BOTH the guideline's mean and the company's mean of proposed ratings in the cycle.
 */
export function outlierFlags(groups: readonly OutlierGroup[], guideline: Guideline, company: readonly number[] | { mean: number | null }): OutlierFlag[] {
  const gMean = guidelineMean(guideline);
  // The company's proposed ratings, or their mean when the database has computed it (a large cycle).
  const cMean = Array.isArray(company) ? (company.length ? mean(company) : gMean) : ((company as { mean: number | null }).mean ?? gMean);
  const flags: OutlierFlag[] = [];
  for (const g of groups) {
    if (g.ratings.length < OUTLIER_MIN_GROUP) continue;
    const m = mean(g.ratings);
    const dg = m - gMean;
    const dc = m - cMean;
    if (Math.abs(dg) > OUTLIER_MEAN_GAP && Math.abs(dc) > OUTLIER_MEAN_GAP && Math.sign(dg) === Math.sign(dc)) {
      flags.push({
        kind: g.kind,
        key: g.key,
        label: g.label,
        people: g.ratings.length,
        mean: round2(m),
        gap_to_guideline: round2(dg),
        gap_to_company: round2(dc),
        direction: dg > 0 ? "high" : "low",
      });
    }
  }
  return flags.sort((a, b) => Math.abs(b.gap_to_guideline) - Math.abs(a.gap_to_guideline));
}

// ---------------------------------------------------------------------------------------------
// Deadlines and reminders

/** Reminders go out this long before the deadline, and at it. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** Who must act next in each state (the reminder's recipients). */
export const NEXT_ACTOR: Record<SessionState, SessionRole | null> = {
  draft: "hr_partner",
  active: "session_admin",
  in_review: "sign_off",
  revision_requested: "session_admin",
  closed: null,
};

export const NEXT_STEP_TEXT: Record<SessionState, string> = {
  draft: "activate the calibration session",
  active: "run the calibration session and progress it to review",
  in_review: "sign off the calibration session",
  revision_requested: "revise the calibration session and progress it to review again",
  closed: "",
};

/** Where each role acts on a session (the reminders' and the home page's links). */
export function sessionLink(role: SessionRole, sessionId: number, cycleId: number, kind: "RATING" | "PROMOTION" = "RATING"): string {
  if (kind === "PROMOTION") {
    if (role === "panelist") return `/app/promotions/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`;
    if (role === "sign_off") return `/app/promotions/sign-off-party/sessions/${sessionId}?cycle_id=${cycleId}`;
    if (role === "admin") return `/app/admin/promotion-dashboard?cycle_id=${cycleId}`;
    return `/app/promotions/hr-partners/sessions/${sessionId}?cycle_id=${cycleId}`;
  }
  switch (role) {
    case "hr_partner":
      return `/app/ratings/hr-partners/sessions/${sessionId}/edit?cycle_id=${cycleId}`;
    case "session_admin":
      return `/app/session-admin/calibration-sessions/${sessionId}?cycle_id=${cycleId}`;
    case "panelist":
      return `/app/ratings/calibration-panelist/sessions/${sessionId}?cycle_id=${cycleId}`;
    case "sign_off":
      return `/app/sign-off-party/calibration-sessions/${sessionId}?cycle_id=${cycleId}`;
    case "admin":
      return `/app/admin/cycles/${cycleId}/calibration-sessions/${sessionId}/edit`;
  }
}

/** The reminder times for a deadline: the lead reminder (if still ahead of `now`) and the deadline itself. */
export function reminderTimes(deadline: number, now: number): Array<{ at: number; kind: "due_soon" | "overdue" }> {
  const out: Array<{ at: number; kind: "due_soon" | "overdue" }> = [];
  const lead = deadline - REMINDER_LEAD_MS;
  if (lead > now) out.push({ at: lead, kind: "due_soon" });
  out.push({ at: Math.max(deadline, now), kind: "overdue" });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Limits

export const CALIBRATION_LIMITS = {
  nameMax: 200,
  reasonMax: 2000,
  commentMax: 5000,
  panelistsMax: 50,
  signOffMax: 10,
  participantsMax: 5000,
} as const;
