import { z } from "zod";
import { performanceBand } from "~/features/calibration/rules";
import type { Board, BoardPerson, BoxKey, HistoryPage, MeetingChangeJson, MeetingRowJson, ParticipantPage, SessionAdminPageData, SessionPageData } from "~/features/calibration/meeting-page-types";
import type { RatingChangeJson, SessionDetailJson, SessionParticipantJson } from "~/features/calibration/types";

/**
 * What a calibration meeting page ships of a session (ADR 0067, ADR 0091), from its address:
 * - `?page=` (1-based, absent = 1) picks PARTICIPANT_PAGE_SIZE rows of the session's participants in their one order
 *   (name, then id), so a page holds the same people on every read; a page past the last shows the last.
 * - `?history=` (absent = 1): the latest that many pages of HISTORY_PAGE rating changes ("Show more" asks for one more).
 * - `?box=` (the session admin's 9-box): the box whose people all come; every other box brings its head count and its
 *   first BOX_PREVIEW people.
 * The distribution and the outlier alerts still describe the whole session (computed on the server from every row).
 * 20 rows and 20 changes a page (ADR 0104; 50 before): a first screen's worth, so that a page costs a few ms to render.
 */
export const PARTICIPANT_PAGE_SIZE = 20;
export const HISTORY_PAGE = 20;
export const BOX_PREVIEW = 5;

/** ?page= / ?history=: absent or empty = 1; otherwise a whole number from 1 (anything else is not a page: null). */
const pageParam = z.union([z.null(), z.literal("").transform(() => 1), z.string().regex(/^[1-9]\d{0,5}$/).transform(Number)]);

export function parsePageParam(raw: string | null): number | null {
  const parsed = pageParam.safeParse(raw);
  if (!parsed.success) return null;
  return parsed.data ?? 1;
}

const boxParam = z.union([z.null(), z.literal("").transform(() => null), z.enum(["1-1", "1-2", "1-3", "2-1", "2-2", "2-3", "3-1", "3-2", "3-3", "unplaced"])]);

/** ?box=: absent or empty = no box open (null); a box's key; anything else is not a box (undefined). */
export function parseBoxParam(raw: string | null): BoxKey | null | undefined {
  const parsed = boxParam.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** A live person's box (the 9-box's rule: the band of the calibrated rating and the potential). */
export function boxOf(p: Pick<BoardPerson, "rating" | "potential">): BoxKey {
  const band = performanceBand(p.rating);
  return band === null || p.potential == null ? "unplaced" : (`${band}-${p.potential}` as BoxKey);
}

/** The 9-box of `people` (every person of the session, in the grid's order): counts, the first `preview` of a box, all of `open`. */
export function boardOf(people: readonly BoardPerson[], open: BoxKey | null, preview = BOX_PREVIEW): Board {
  const boxes: Board["boxes"] = {};
  for (const p of people) {
    if (p.terminated) continue;
    const key = boxOf(p);
    const box = (boxes[key] ??= { count: 0, people: [] });
    box.count += 1;
    if (box.people.length < preview || key === open) box.people.push(p);
  }
  return { boxes, open };
}

/** How many pages of history `requested` gives for a history of `total` changes (at least 1, at most the last). */
export function historyPageOf(requested: number, total: number): HistoryPage {
  return { pages: Math.min(Math.max(1, requested), Math.max(1, Math.ceil(total / HISTORY_PAGE))), total };
}

/** The table's page `page` of `total` participants in pages of `pageSize` (past the last = the last). */
export function participantPageOf(page: number, total: number, pageSize = PARTICIPANT_PAGE_SIZE): ParticipantPage {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, page), pages), page_size: pageSize, total, pages };
}

/**
 * A participant's row as the session pages ship it (ADR 0123): the API's row cut to what the pages draw and send. With
 * `meetingChangeOf`, the one place page rows are made: the pages' reads (meeting-reads.server.ts) and `pageOfSession` below.
 */
export function meetingRowOf(p: SessionParticipantJson): MeetingRowJson {
  const n = p.promotion_nomination;
  return {
    id: p.id,
    user: { name: p.user.name, job_title: p.user.job_title, department: p.user.department },
    manager: p.manager ? { name: p.manager.name } : null,
    proposed_rating: p.proposed_rating,
    rating: p.rating,
    potential: p.potential,
    terminated: p.terminated,
    proposals: p.proposals.map((pr) => ({ panelist: { id: pr.panelist.id, name: pr.panelist.name }, rating: pr.rating, justification: pr.justification })),
    comment_count: p.comment_count,
    promotion_nomination: n ? { status: n.status, rationale: n.rationale, nominated_by: n.nominated_by ? { name: n.nominated_by.name } : null } : null,
  };
}

/** A rating change as the session pages ship it (ADR 0123): the names of whom it changed and who changed it. */
export function meetingChangeOf(c: RatingChangeJson): MeetingChangeJson {
  return {
    id: c.id,
    participant: { name: c.participant.name },
    field: c.field,
    old_value: c.old_value,
    new_value: c.new_value,
    reason: c.reason,
    changed_by: c.changed_by ? { name: c.changed_by.name } : null,
    created_at: c.created_at,
    superseded: c.superseded,
  };
}

/** A whole session as the API reads it (every participant, the whole history), with who reads it. */
export type WholeSession = Pick<SessionPageData, "role" | "cycleId" | "spoofing"> & { detail: SessionDetailJson };

/**
 * What a session page shows of the WHOLE session (`data.detail` with every participant and the whole history, as the
 * API reads it): one page of participants and the latest `history` pages of changes, as page rows (ADR 0123); with `box`
 * defined, the 9-box too.
 */
export function pageOfSession(data: WholeSession, page: number, history?: number): SessionPageData;
export function pageOfSession(data: WholeSession, page: number, history: number, box: BoxKey | null): SessionAdminPageData;
export function pageOfSession(data: WholeSession, page: number, history = 1, box?: BoxKey | null): SessionPageData | SessionAdminPageData {
  const all = data.detail.participants;
  const participant_page = participantPageOf(page, all.length);
  const history_page = historyPageOf(history, data.detail.history.length);
  const { page: shown, page_size: size } = participant_page;
  const detail = {
    ...data.detail,
    participants: all.slice((shown - 1) * size, shown * size).map(meetingRowOf),
    history: data.detail.history.slice(0, history_page.pages * HISTORY_PAGE).map(meetingChangeOf),
  };
  const paged: SessionPageData = { role: data.role, cycleId: data.cycleId, spoofing: data.spoofing, detail, participant_page, history_page };
  if (box === undefined) return paged;
  const people: BoardPerson[] = all.map((p) => ({ id: p.id, user: { name: p.user.name }, rating: p.rating, potential: p.potential, proposed_rating: p.proposed_rating, terminated: p.terminated }));
  return { ...paged, board: boardOf(people, box) };
}

/** The address of the page at `search` with `name` set to `value` (null, or 1 for a page number: removed); the other parameters kept. */
export function withParam(pathname: string, search: string, name: string, value: string | number | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === 1) params.delete(name);
  else params.set(name, String(value));
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}

/** The address of page `page` of the page at `search` (its other parameters, e.g. cycle_id, kept). */
export function pageHref(pathname: string, search: string, page: number): string {
  return withParam(pathname, search, "page", page <= 1 ? null : page);
}
