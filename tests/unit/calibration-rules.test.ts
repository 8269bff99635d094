/**
 * The pure rules of calibration sessions (app/features/calibration/rules.ts, ADR 0026): the state machine,
 * who may do what in which state, ratings and the 9-box, the guideline distribution, outlier flags and
 * the reminder times. The expected tables are written out here on purpose (not derived from the module),
 * so a change to a rule shows up as a failing row.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_GUIDELINE,
  NEXT_ACTOR,
  OUTLIER_MEAN_GAP,
  OUTLIER_MIN_GROUP,
  REMINDER_LEAD_MS,
  SESSION_ACTIONS,
  SESSION_STATES,
  SESSION_STATE_LABELS,
  SESSION_TRANSITIONS,
  distribution,
  guidelineMean,
  guidelineTotal,
  isRating,
  isSessionOpen,
  isSessionState,
  isSessionTransition,
  may,
  mayEver,
  outlierFlags,
  performanceBand,
  ratingForBand,
  readGuideline,
  reminderTimes,
  statesFor,
  toCalibrationScale,
  validateSessionTransition,
  type Guideline,
  type OutlierGroup,
  type SessionAction,
  type SessionRole,
  type SessionState,
  type SessionTransition,
} from "~/features/calibration/rules";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// State machine

/** Every allowed move, by state; everything else is refused. */
const ALLOWED: Record<SessionState, Partial<Record<SessionTransition, SessionState>>> = {
  draft: { activate: "active", close: "closed" },
  active: { progress_to_review: "in_review", close: "closed" },
  in_review: { progress_to_close: "closed", progress_to_revision_requested: "revision_requested", close: "closed" },
  revision_requested: { progress_to_review: "in_review", close: "closed" },
  closed: {},
};

describe("session states and transitions", () => {
  it("has the agreed states, labels and moves", () => {
    expect(SESSION_STATES).toEqual(["draft", "active", "in_review", "revision_requested", "closed"]);
    expect(SESSION_STATES.map((s) => SESSION_STATE_LABELS[s])).toEqual(["Draft", "Active", "In review", "Revision requested", "Closed"]);
    expect(SESSION_TRANSITIONS).toEqual(["activate", "progress_to_review", "progress_to_close", "progress_to_revision_requested", "close"]);
  });

  const cases = SESSION_STATES.flatMap((state) => SESSION_TRANSITIONS.map((transition) => ({ state, transition, to: ALLOWED[state][transition] ?? null })));

  it.each(cases.filter((c) => c.to))("$state --$transition--> $to", ({ state, transition, to }) => {
    expect(validateSessionTransition(state, transition, 7)).toEqual({ ok: true, from: state, to });
  });

  it.each(cases.filter((c) => !c.to))("$state refuses $transition with a message", ({ state, transition }) => {
    const check = validateSessionTransition(state, transition, 7);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.code).toBe("invalid_transition");
    expect(check.message).toContain(`Calibration session 7 is '${SESSION_STATE_LABELS[state]}'`);
    expect(check.message).toContain(`'${transition}' is allowed only from`);
  });

  it("names every state a refused move is allowed from", () => {
    const check = validateSessionTransition("draft", "progress_to_review", 3);
    expect(check).toEqual({
      ok: false,
      code: "invalid_transition",
      message: "Calibration session 3 is 'Draft'; 'progress_to_review' is allowed only from 'Active' or 'Revision requested'",
    });
  });

  it("refuses an unknown transition", () => {
    const check = validateSessionTransition("active", "explode" as SessionTransition, 1);
    expect(check).toMatchObject({ ok: false, code: "invalid_transition", message: "Unknown session transition 'explode'" });
  });

  it("every state but closed can be closed; closed allows nothing", () => {
    for (const s of SESSION_STATES) expect(validateSessionTransition(s, "close", 1).ok).toBe(s !== "closed");
    expect(SESSION_TRANSITIONS.filter((t) => validateSessionTransition("closed", t, 1).ok)).toEqual([]);
  });

  it("isSessionOpen: every state but closed (blocks the cycle's move to communication)", () => {
    expect(SESSION_STATES.filter(isSessionOpen)).toEqual(["draft", "active", "in_review", "revision_requested"]);
  });

  it("guards recognise states and transitions only", () => {
    for (const s of SESSION_STATES) expect(isSessionState(s)).toBe(true);
    for (const t of SESSION_TRANSITIONS) expect(isSessionTransition(t)).toBe(true);
    for (const v of ["", "DRAFT", "open", null, undefined, 1, {}]) {
      expect(isSessionState(v)).toBe(false);
      expect(isSessionTransition(v)).toBe(false);
    }
    expect(isSessionState("activate")).toBe(false);
    expect(isSessionTransition("active")).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Permissions

const ROLES: SessionRole[] = ["hr_partner", "admin", "session_admin", "panelist", "sign_off"];
const OPEN: SessionState[] = ["draft", "active", "in_review", "revision_requested"];
const RUNNING: SessionState[] = ["active", "revision_requested"];

/** The states in which each role may take each action (absent: never). */
const EXPECTED_PERMISSIONS: Record<SessionAction, Partial<Record<SessionRole, SessionState[]>>> = {
  edit: { hr_partner: ["draft"], admin: ["draft"] },
  activate: { hr_partner: ["draft"], admin: ["draft"] },
  propose_rating: { panelist: RUNNING },
  comment: { panelist: [...RUNNING, "in_review"], session_admin: [...RUNNING, "in_review"], sign_off: ["in_review"] },
  set_rating: { session_admin: RUNNING },
  move_participants: { session_admin: RUNNING },
  terminate_participant: { session_admin: RUNNING },
  progress_to_review: { session_admin: RUNNING },
  sign_off: { sign_off: ["in_review"] },
  set_deadline: { hr_partner: OPEN, admin: OPEN },
};

describe("who may do what", () => {
  const cells = SESSION_ACTIONS.flatMap((action) =>
    ROLES.flatMap((role) => SESSION_STATES.map((state) => ({ action, role, state, allowed: EXPECTED_PERMISSIONS[action][role]?.includes(state) ?? false }))),
  );

  it("covers every action", () => {
    expect([...SESSION_ACTIONS].sort()).toEqual(Object.keys(EXPECTED_PERMISSIONS).sort());
  });

  it.each(cells)("$role $action in $state: $allowed", ({ action, role, state, allowed }) => {
    expect(may([role], action, state)).toBe(allowed);
  });

  it.each(SESSION_ACTIONS.flatMap((action) => ROLES.map((role) => ({ action, role }))))("mayEver($role, $action) and statesFor agree", ({ action, role }) => {
    const states = EXPECTED_PERMISSIONS[action][role] ?? [];
    expect(mayEver([role], action)).toBe(states.length > 0);
    expect([...statesFor(role, action)]).toEqual(states);
  });

  it("examples of the rules", () => {
    // A sign-off party signs off only in review, never while the session runs.
    expect(may(["sign_off"], "sign_off", "active")).toBe(false);
    expect(may(["sign_off"], "sign_off", "revision_requested")).toBe(false);
    expect(may(["sign_off"], "sign_off", "in_review")).toBe(true);
    // A panelist proposes; only the session admin sets the calibrated rating.
    expect(may(["panelist"], "set_rating", "active")).toBe(false);
    expect(mayEver(["panelist"], "set_rating")).toBe(false);
    expect(may(["panelist"], "propose_rating", "active")).toBe(true);
    expect(may(["session_admin"], "set_rating", "active")).toBe(true);
    expect(may(["session_admin"], "set_rating", "in_review")).toBe(false);
    // Edits only in draft.
    expect(may(["hr_partner"], "edit", "active")).toBe(false);
    expect(may(["admin"], "edit", "draft")).toBe(true);
  });

  it("allows nothing once closed, to anyone, whatever roles they combine", () => {
    for (const action of SESSION_ACTIONS) expect(may(ROLES, action, "closed")).toBe(false);
  });

  it("combines roles (any role allows) and allows nothing without a role", () => {
    expect(may(["panelist", "session_admin"], "set_rating", "active")).toBe(true);
    expect(may(["panelist", "sign_off"], "sign_off", "in_review")).toBe(true);
    expect(mayEver(["panelist", "sign_off"], "sign_off")).toBe(true);
    for (const action of SESSION_ACTIONS) {
      expect(mayEver([], action)).toBe(false);
      for (const state of SESSION_STATES) expect(may([], action, state)).toBe(false);
    }
  });

  it("whoever must act next may take the state's next step", () => {
    expect(NEXT_ACTOR).toEqual({ draft: "hr_partner", active: "session_admin", in_review: "sign_off", revision_requested: "session_admin", closed: null });
    expect(may([NEXT_ACTOR.draft!], "activate", "draft")).toBe(true);
    expect(may([NEXT_ACTOR.active!], "progress_to_review", "active")).toBe(true);
    expect(may([NEXT_ACTOR.revision_requested!], "progress_to_review", "revision_requested")).toBe(true);
    expect(may([NEXT_ACTOR.in_review!], "sign_off", "in_review")).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Ratings and the 9-box

describe("ratings", () => {
  it("isRating: the integers 1..5 only", () => {
    expect([1, 2, 3, 4, 5].every(isRating)).toBe(true);
    for (const v of [0, 6, 2.5, "3", null, undefined, NaN]) expect(isRating(v)).toBe(false);
  });

  it("toCalibrationScale keeps a 1–5 answer and rescales other scales (rounded half up)", () => {
    expect([1, 2, 3, 4, 5].map((v) => toCalibrationScale(v, 1, 5))).toEqual([1, 2, 3, 4, 5]);
    expect([1, 4, 7, 10].map((v) => toCalibrationScale(v, 1, 10))).toEqual([1, 2, 4, 5]); // 1, 2.33, 3.67, 5
    expect([0, 1, 2, 3, 4].map((v) => toCalibrationScale(v, 0, 4))).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3].map((v) => toCalibrationScale(v, 1, 3))).toEqual([1, 3, 5]);
    expect(toCalibrationScale(1, 0, 8)).toBe(2); // 1.5 → 2
    expect(toCalibrationScale(3, 0, 8)).toBe(3); // 2.5 → 3
    expect(toCalibrationScale(0, 0, 100)).toBe(1);
    expect(toCalibrationScale(100, 0, 100)).toBe(5);
  });

  it("toCalibrationScale gives null outside the scale or for a broken scale", () => {
    expect(toCalibrationScale(0, 1, 5)).toBeNull();
    expect(toCalibrationScale(6, 1, 5)).toBeNull();
    expect(toCalibrationScale(11, 1, 10)).toBeNull();
    expect(toCalibrationScale(3, 5, 5)).toBeNull();
    expect(toCalibrationScale(3, 5, 1)).toBeNull();
    expect(toCalibrationScale(NaN, 1, 5)).toBeNull();
    expect(toCalibrationScale(Infinity, 1, 5)).toBeNull();
  });

  it("performanceBand: 1–2 below, 3 meets, 4–5 above, none without a rating", () => {
    expect([1, 2, 3, 4, 5].map((r) => performanceBand(r))).toEqual([1, 1, 2, 3, 3]);
    expect(performanceBand(null)).toBeNull();
    expect(performanceBand(undefined)).toBeNull();
  });

  it("ratingForBand keeps a rating already in the band, otherwise gives the band's middle", () => {
    expect(ratingForBand(1, null)).toBe(2);
    expect(ratingForBand(2, null)).toBe(3);
    expect(ratingForBand(3, null)).toBe(4);
    expect(ratingForBand(1, 1)).toBe(1);
    expect(ratingForBand(3, 5)).toBe(5);
    expect(ratingForBand(2, 3)).toBe(3);
    expect(ratingForBand(1, 4)).toBe(2);
    expect(ratingForBand(3, 2)).toBe(4);
    expect(ratingForBand(2, 5)).toBe(3);
    for (const band of [1, 2, 3] as const) for (const r of [null, 1, 2, 3, 4, 5]) expect(performanceBand(ratingForBand(band, r))).toBe(band);
  });
});

// ---------------------------------------------------------------------------------------------
// Guideline and distribution

describe("guideline", () => {
  it("the default asks for 5/15/50/20/10 percent", () => {
    expect(DEFAULT_GUIDELINE).toEqual({ 1: 5, 2: 15, 3: 50, 4: 20, 5: 10 });
    expect(guidelineTotal(DEFAULT_GUIDELINE)).toBe(100);
    expect(guidelineMean(DEFAULT_GUIDELINE)).toBeCloseTo(3.15, 10);
    expect(guidelineMean({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toBe(3);
  });

  it("readGuideline reads stored JSON (string keys) and returns a copy", () => {
    const stored = JSON.parse(JSON.stringify({ 1: 10, 2: 20, 3: 40, 4: 20, 5: 10 }));
    expect(readGuideline(stored)).toEqual({ 1: 10, 2: 20, 3: 40, 4: 20, 5: 10 });
    expect(readGuideline({ 1: 0, 2: 0, 3: 100, 4: 0, 5: 0, extra: "ignored" })).toEqual({ 1: 0, 2: 0, 3: 100, 4: 0, 5: 0 });
    const g = readGuideline(null);
    g[3] = 99;
    expect(DEFAULT_GUIDELINE[3]).toBe(50);
  });

  it.each([
    ["null", null],
    ["a string", "5,15,50,20,10"],
    ["a number", 3],
    ["a missing rating", { 1: 5, 2: 15, 3: 50, 4: 30 }],
    ["a negative share", { 1: -5, 2: 20, 3: 50, 4: 25, 5: 10 }],
    ["a share given as text", { 1: "5", 2: 15, 3: 50, 4: 20, 5: 10 }],
    ["a non-finite share", { 1: 5, 2: 15, 3: Infinity, 4: 20, 5: 10 }],
    ["NaN", { 1: 5, 2: 15, 3: NaN, 4: 20, 5: 10 }],
  ])("readGuideline gives the default for %s", (_, value) => {
    expect(readGuideline(value)).toEqual(DEFAULT_GUIDELINE);
  });

  it("distribution counts rated people per rating against the guideline", () => {
    const d = distribution([5, 5, 3, null, 7, 1], DEFAULT_GUIDELINE);
    expect(d.rated).toBe(4);
    expect(d.unrated).toBe(2); // no rating, and 7 which is off the scale
    expect(d.rows.map((r) => r.rating)).toEqual([1, 2, 3, 4, 5]);
    expect(d.rows.map((r) => r.count)).toEqual([1, 0, 1, 0, 2]);
    expect(d.rows.map((r) => r.percent)).toEqual([25, 0, 25, 0, 50]);
    expect(d.rows.map((r) => r.guideline_percent)).toEqual([5, 15, 50, 20, 10]);
    expect(d.rows.map((r) => r.guideline_count)).toEqual([0, 1, 2, 1, 0]); // 0.2, 0.6, 2, 0.8, 0.4
    expect(d.rows[2]).toEqual({ rating: 3, label: "Meets Expectations", count: 1, percent: 25, guideline_percent: 50, guideline_count: 2 });
  });

  it("distribution percentages have one decimal; nobody rated gives zeros", () => {
    expect(distribution([1, 2, 2], DEFAULT_GUIDELINE).rows.map((r) => r.percent)).toEqual([33.3, 66.7, 0, 0, 0]);
    const empty = distribution([null, null], DEFAULT_GUIDELINE);
    expect(empty).toMatchObject({ rated: 0, unrated: 2 });
    expect(empty.rows.every((r) => r.count === 0 && r.percent === 0 && r.guideline_count === 0)).toBe(true);
    expect(distribution([], DEFAULT_GUIDELINE)).toMatchObject({ rated: 0, unrated: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// Outlier flags

const FLAT: Guideline = { 1: 0, 2: 0, 3: 100, 4: 0, 5: 0 }; // mean 3
const group = (key: string, ratings: number[], kind: OutlierGroup["kind"] = "manager"): OutlierGroup => ({ kind, key, label: `Group ${key}`, ratings });

describe("outlier flags", () => {
  it("uses a group of at least 3 people and a gap above 0.5", () => {
    expect(OUTLIER_MIN_GROUP).toBe(3);
    expect(OUTLIER_MEAN_GAP).toBe(0.5);
  });

  it("flags a group far above both the guideline's and the company's mean", () => {
    const flags = outlierFlags([group("m1", [4, 4, 4])], DEFAULT_GUIDELINE, [3, 3, 3, 3]);
    expect(flags).toEqual([{ kind: "manager", key: "m1", label: "Group m1", people: 3, mean: 4, gap_to_guideline: 0.85, gap_to_company: 1, direction: "high" }]);
  });

  it("flags a group far below both, as low", () => {
    const flags = outlierFlags([group("d1", [1, 2, 2], "department")], DEFAULT_GUIDELINE, [3, 3, 4]);
    expect(flags).toEqual([
      { kind: "department", key: "d1", label: "Group d1", people: 3, mean: 1.67, gap_to_guideline: -1.48, gap_to_company: -1.67, direction: "low" },
    ]);
  });

  it("takes the company's mean as computed by the database, like the ratings themselves", () => {
    const fromRatings = outlierFlags([group("m1", [4, 4, 4])], DEFAULT_GUIDELINE, [3, 3, 3, 3]);
    expect(outlierFlags([group("m1", [4, 4, 4])], DEFAULT_GUIDELINE, { mean: 3 })).toEqual(fromRatings);
    // No proposals in the cycle: the guideline's mean stands in for the company's.
    expect(outlierFlags([group("m1", [4, 4, 4])], DEFAULT_GUIDELINE, { mean: null })).toEqual(outlierFlags([group("m1", [4, 4, 4])], DEFAULT_GUIDELINE, []));
  });

  it("never flags a group of fewer than 3 rated people", () => {
    expect(outlierFlags([group("m1", [5, 5])], FLAT, [3, 3, 3])).toEqual([]);
    expect(outlierFlags([group("m1", [5, 5, 5])], FLAT, [3, 3, 3])).toHaveLength(1);
  });

  it("does not flag a gap of exactly 0.5, flags one just above", () => {
    expect(outlierFlags([group("m1", [3, 4, 3, 4])], FLAT, [3])).toEqual([]); // mean 3.5
    expect(outlierFlags([group("m1", [4, 4, 3, 4])], FLAT, [3])).toHaveLength(1); // mean 3.75
  });

  it("needs the gap to both means: close to the company's mean is not an outlier", () => {
    // 1 above the guideline, but the whole company rates at 4.
    expect(outlierFlags([group("m1", [4, 4, 4])], FLAT, [4, 4, 4, 4])).toEqual([]);
    // 1 above the company, but on the guideline's mean.
    expect(outlierFlags([group("m1", [3, 3, 3])], FLAT, [2, 2, 2])).toEqual([]);
  });

  it("needs both gaps in the same direction", () => {
    // Guideline mean 3, company mean 4.5: a group at 3.75 is 0.75 above one and 0.75 below the other.
    expect(outlierFlags([group("m1", [4, 4, 3, 4])], FLAT, [5, 4])).toEqual([]);
  });

  it("uses the guideline's mean as the company's when nobody is rated", () => {
    expect(outlierFlags([group("m1", [4, 4, 4])], FLAT, [])).toMatchObject([{ gap_to_guideline: 1, gap_to_company: 1, direction: "high" }]);
  });

  it("sorts flags by the size of the gap to the guideline, biggest first", () => {
    const groups = [group("a", [4, 4, 4]), group("b", [3, 3, 3]), group("c", [1, 1, 2]), group("d", [5, 5, 5], "department")];
    expect(outlierFlags(groups, FLAT, [3, 3, 3]).map((f) => [f.key, f.direction])).toEqual([
      ["d", "high"],
      ["c", "low"],
      ["a", "high"],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Reminders

describe("reminderTimes", () => {
  const now = Date.UTC(2026, 10, 24, 9, 0, 0);

  it("reminds 24 h before the deadline and at it", () => {
    expect(REMINDER_LEAD_MS).toBe(DAY);
    expect(reminderTimes(now + 3 * DAY, now)).toEqual([
      { at: now + 2 * DAY, kind: "due_soon" },
      { at: now + 3 * DAY, kind: "overdue" },
    ]);
  });

  it("skips the lead reminder once it is no longer ahead", () => {
    expect(reminderTimes(now + 12 * HOUR, now)).toEqual([{ at: now + 12 * HOUR, kind: "overdue" }]);
    expect(reminderTimes(now + DAY, now)).toEqual([{ at: now + DAY, kind: "overdue" }]);
    expect(reminderTimes(now + DAY + 1, now)).toEqual([
      { at: now + 1, kind: "due_soon" },
      { at: now + DAY + 1, kind: "overdue" },
    ]);
  });

  it("a deadline already past is overdue now", () => {
    expect(reminderTimes(now - HOUR, now)).toEqual([{ at: now, kind: "overdue" }]);
    expect(reminderTimes(now, now)).toEqual([{ at: now, kind: "overdue" }]);
  });
});
