/**
 * The calibration session pages ship a page of the session (issue 27, ADR 0067, ADR 0091): ?page=, the slice, the
 * history's latest pages (?history=), the 9-box in counts with one box open (?box=).
 */
import { describe, expect, it } from "vitest";
import {
  BOX_PREVIEW,
  HISTORY_PAGE,
  PARTICIPANT_PAGE_SIZE,
  boardOf,
  meetingChangeOf,
  meetingRowOf,
  pageHref,
  pageOfSession,
  parseBoxParam,
  parsePageParam,
  withParam,
  type WholeSession,
} from "~/features/calibration/participant-page";
import type { BoardPerson } from "~/features/calibration/meeting-page-types";
import type { RatingChangeJson, SessionParticipantJson } from "~/features/calibration/types";

function sp(id: number, terminated = false): SessionParticipantJson {
  return {
    id,
    participant_id: 1000 + id,
    user: { id: 2000 + id, name: `Person ${String(id).padStart(3, "0")}`, email: `p${id}@example.com`, job_title: "Engineer", department: "Platform" },
    manager: null,
    proposed_rating: 3,
    rating: id % 5 === 0 ? null : 3,
    proposed_potential: 2,
    potential: 2,
    terminated,
    terminated_at: terminated ? "2026-01-01T00:00:00.000Z" : null,
    proposals: [],
    comment_count: 0,
    promotion_nomination: null,
  } as SessionParticipantJson;
}

function data(n: number, terminated: number[] = [], changes = 0): WholeSession {
  const participants = Array.from({ length: n }, (_, i) => sp(i + 1, terminated.includes(i + 1)));
  const history = Array.from({ length: changes }, (_, i) => ({ id: changes - i, participant: { name: "P" }, changed_by: null }) as unknown as RatingChangeJson);
  return { role: "session_admin", cycleId: 7, spoofing: false, detail: { participants, history } as unknown as WholeSession["detail"] };
}

describe("?page=", () => {
  it("is 1 when absent or empty, a whole number from 1, and nothing else", () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("")).toBe(1);
    expect(parsePageParam("3")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "abc", "01", " 2", "9999999"]) expect(parsePageParam(bad), bad).toBeNull();
  });

  it("links keep the other parameters and leave page 1 out", () => {
    expect(pageHref("/app/s/4", "?cycle_id=7", 2)).toBe("/app/s/4?cycle_id=7&page=2");
    expect(pageHref("/app/s/4", "?cycle_id=7&page=2", 1)).toBe("/app/s/4?cycle_id=7");
    expect(pageHref("/app/s/4", "", 1)).toBe("/app/s/4");
  });
});

describe("a page of the session", () => {
  it("holds PARTICIPANT_PAGE_SIZE rows in the order read; the pages together hold everyone once", () => {
    expect(PARTICIPANT_PAGE_SIZE).toBe(20);
    const whole = data(123, [4, 77]);
    const seen: number[] = [];
    for (let page = 1; page <= 7; page++) {
      const p = pageOfSession(whole, page);
      expect(p.participant_page).toEqual({ page, page_size: 20, total: 123, pages: 7 });
      expect(p.detail.participants.length).toBe(page < 7 ? 20 : 3);
      seen.push(...p.detail.participants.map((r) => r.id));
    }
    expect(seen).toEqual(whole.detail.participants.map((r) => r.id));
  });

  it("ships page rows: what the grid, the outcome table, the actions and the dialogs use, no emails, user ids or times (ADR 0123)", () => {
    const whole = sp(7, true);
    const full: SessionParticipantJson = {
      ...whole,
      manager: { id: 9, name: "Manager", email: "m@example.com" },
      proposals: [{ panelist: { id: 11, name: "Pan", email: "pan@example.com" }, rating: 4, justification: "Why", created_at: "2026-01-02T00:00:00.000Z" }],
      comment_count: 3,
      promotion_nomination: { status: "nominated", rationale: "Ready", nominated_by: { id: 12, name: "Nom", email: "nom@example.com" }, created_at: "2026-01-03T00:00:00.000Z" },
    };
    expect(meetingRowOf(full)).toEqual({
      id: 7,
      user: { name: "Person 007", job_title: "Engineer", department: "Platform" },
      manager: { name: "Manager" },
      proposed_rating: 3,
      rating: 3,
      potential: 2,
      terminated: true,
      proposals: [{ panelist: { id: 11, name: "Pan" }, rating: 4, justification: "Why" }],
      comment_count: 3,
      promotion_nomination: { status: "nominated", rationale: "Ready", nominated_by: { name: "Nom" } },
    });
    expect(meetingRowOf({ ...full, manager: null, promotion_nomination: { ...full.promotion_nomination!, nominated_by: null } })).toMatchObject({ manager: null, promotion_nomination: { nominated_by: null } });
    const shipped = JSON.stringify(pageOfSession(data(30), 1).detail.participants);
    for (const gone of ["@example.com", "participant_id", "terminated_at", "proposed_potential", "created_at"]) expect(shipped).not.toContain(gone);
  });

  it("ships the history's changes with the names of whom they changed and who changed them (ADR 0123)", () => {
    const change: RatingChangeJson = {
      id: 5,
      session_participant_id: 70,
      participant: { id: 2007, name: "Person 007", email: "p7@example.com" },
      field: "potential",
      old_value: 1,
      new_value: 3,
      reason: "Seen in the meeting",
      changed_by: { id: 9, name: "Admin", email: "a@example.com" },
      created_at: "2026-01-02T00:00:00.000Z",
      superseded: true,
    };
    const page = { id: 5, participant: { name: "Person 007" }, field: "potential", old_value: 1, new_value: 3, reason: "Seen in the meeting", changed_by: { name: "Admin" }, created_at: "2026-01-02T00:00:00.000Z", superseded: true };
    expect(meetingChangeOf(change)).toEqual(page);
    expect(meetingChangeOf({ ...change, changed_by: null }).changed_by).toBeNull();
    const whole = data(3);
    whole.detail.history = [change];
    expect(pageOfSession(whole, 1).detail.history).toEqual([page]);
  });

  it("a page past the last shows the last; an empty session is one empty page", () => {
    expect(pageOfSession(data(50), 9).participant_page).toEqual({ page: 3, page_size: 20, total: 50, pages: 3 });
    expect(pageOfSession(data(50), 9).detail.participants.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 41 + i));
    expect(pageOfSession(data(0), 1, 1, null)).toMatchObject({ participant_page: { page: 1, pages: 1, total: 0 }, board: { boxes: {}, open: null } });
  });

  it("the 9-box counts every live person of the whole session and brings the first of each box, with only the fields it reads", () => {
    const p = pageOfSession(data(123, [4, 77]), 2, 1, null);
    // Every 5th person has no calibrated rating (unplaced); the others are Meets / Medium potential.
    expect(p.board.boxes["2-2"]?.count).toBe(97);
    expect(p.board.boxes.unplaced?.count).toBe(24);
    expect(p.board.boxes["2-2"]?.people.map((b) => b.id)).toEqual([1, 2, 3, 6, 7]);
    expect(p.board.boxes["2-2"]?.people[0]).toEqual({ id: 1, user: { name: "Person 001" }, rating: 3, potential: 2, proposed_rating: 3, terminated: false });
    expect(Object.keys(p.board.boxes).sort()).toEqual(["2-2", "unplaced"]);
    const open = pageOfSession(data(123, [4, 77]), 2, 1, "unplaced");
    expect(open.board.open).toBe("unplaced");
    expect(open.board.boxes.unplaced?.people.length).toBe(24);
    expect(open.board.boxes["2-2"]?.people.length).toBe(BOX_PREVIEW);
  });

  it("the history: the latest HISTORY_PAGE changes a page; more pages on ?history=, past the last = all", () => {
    expect(HISTORY_PAGE).toBe(20);
    const whole = data(3, [], 123);
    expect(pageOfSession(whole, 1).history_page).toEqual({ pages: 1, total: 123 });
    expect(pageOfSession(whole, 1).detail.history.map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => 123 - i));
    expect(pageOfSession(whole, 1, 2).detail.history.length).toBe(40);
    expect(pageOfSession(whole, 1, 9)).toMatchObject({ history_page: { pages: 7, total: 123 } });
    expect(pageOfSession(whole, 1, 9).detail.history.length).toBe(123);
    expect(pageOfSession(data(3), 1).history_page).toEqual({ pages: 1, total: 0 });
  });
});

describe("?box= and the 9-box", () => {
  it("is null when absent or empty, a box's key, and nothing else (undefined)", () => {
    expect(parseBoxParam(null)).toBeNull();
    expect(parseBoxParam("")).toBeNull();
    expect(parseBoxParam("3-1")).toBe("3-1");
    expect(parseBoxParam("unplaced")).toBe("unplaced");
    for (const bad of ["0-1", "4-2", "1-4", "11", "1_1", "Unplaced", " 1-1"]) expect(parseBoxParam(bad), bad).toBeUndefined();
  });

  it("boxes by band of the calibrated rating and potential; unplaced without either; terminated people left out", () => {
    const person = (id: number, rating: number | null, potential: number | null, terminated = false): BoardPerson => ({ id, user: { name: `P${id}` }, rating, potential, proposed_rating: 3, terminated });
    const board = boardOf([person(1, 1, 3), person(2, 2, 3), person(3, 5, 1), person(4, null, 2), person(5, 4, null), person(6, 3, 2, true)], null, 1);
    expect(board.boxes).toEqual({
      "1-3": { count: 2, people: [person(1, 1, 3)] },
      "3-1": { count: 1, people: [person(3, 5, 1)] },
      unplaced: { count: 2, people: [person(4, null, 2)] },
    });
  });

  it("links set or clear one parameter and keep the others", () => {
    expect(withParam("/app/s/4", "?cycle_id=7&page=2", "box", "2-3")).toBe("/app/s/4?cycle_id=7&page=2&box=2-3");
    expect(withParam("/app/s/4", "?cycle_id=7&box=2-3", "box", null)).toBe("/app/s/4?cycle_id=7");
    expect(withParam("/app/s/4", "?cycle_id=7&history=2", "history", 3)).toBe("/app/s/4?cycle_id=7&history=3");
    expect(withParam("/app/s/4", "?cycle_id=7&history=2", "history", 1)).toBe("/app/s/4?cycle_id=7");
  });
});
