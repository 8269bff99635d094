/** The session admin's participant table paged on the server (issue 27, ADR 0067): ?page=, the slice, the 9-box's whole session. */
import { describe, expect, it } from "vitest";
import { PARTICIPANT_PAGE_SIZE, pageHref, pageOfSession, parsePageParam } from "~/features/calibration/participant-page";
import type { SessionPageData } from "~/features/calibration/meeting-page-types";
import type { SessionParticipantJson } from "~/features/calibration/types";

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

function data(n: number, terminated: number[] = []): SessionPageData {
  const participants = Array.from({ length: n }, (_, i) => sp(i + 1, terminated.includes(i + 1)));
  return { role: "session_admin", cycleId: 7, spoofing: false, detail: { participants } as unknown as SessionPageData["detail"] };
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
    expect(PARTICIPANT_PAGE_SIZE).toBe(50);
    const whole = data(123, [4, 77]);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = pageOfSession(whole, page);
      expect(p.participant_page).toEqual({ page, page_size: 50, total: 123, pages: 3 });
      expect(p.detail.participants.length).toBe(page < 3 ? 50 : 23);
      seen.push(...p.detail.participants.map((r) => r.id));
    }
    expect(seen).toEqual(whole.detail.participants.map((r) => r.id));
  });

  it("a page past the last shows the last; an empty session is one empty page", () => {
    expect(pageOfSession(data(60), 9).participant_page).toEqual({ page: 2, page_size: 50, total: 60, pages: 2 });
    expect(pageOfSession(data(60), 9).detail.participants.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 51 + i));
    expect(pageOfSession(data(0), 1)).toMatchObject({ participant_page: { page: 1, pages: 1, total: 0 }, board: [] });
  });

  it("the 9-box gets every live person of the whole session, with only the fields it reads", () => {
    const p = pageOfSession(data(123, [4, 77]), 2);
    expect(p.board.length).toBe(121);
    expect(p.board.some((b) => b.id === 4 || b.id === 77)).toBe(false);
    expect(p.board[0]).toEqual({ id: 1, user: { name: "Person 001" }, rating: 3, potential: 2, proposed_rating: 3, terminated: false });
  });
});
