import { z } from "zod";
import type { BoardPerson, ParticipantPage, SessionAdminPageData, SessionPageData } from "~/features/calibration/meeting-page-types";

/**
 * The session admin's participant table is paged on the server (ADR 0067): `?page=` (1-based, absent = 1)
 * picks PARTICIPANT_PAGE_SIZE rows of the session's participants in their one order (name, then id), so a
 * page holds the same people on every read; a page past the last shows the last. The 9-box, the distribution
 * and the outlier alerts still describe the whole session: the 9-box gets every person's few fields
 * (`board`), the others are computed on the server from every row.
 */
export const PARTICIPANT_PAGE_SIZE = 50;

/** ?page=: absent or empty = 1; otherwise a whole number from 1 (anything else is not a page: null). */
const pageParam = z.union([z.null(), z.literal("").transform(() => 1), z.string().regex(/^[1-9]\d{0,5}$/).transform(Number)]);

export function parsePageParam(raw: string | null): number | null {
  const parsed = pageParam.safeParse(raw);
  if (!parsed.success) return null;
  return parsed.data ?? 1;
}

/** One page of `data`'s participants (in the order read) and the whole session's 9-box people. */
export function pageOfSession(data: SessionPageData, page: number, pageSize = PARTICIPANT_PAGE_SIZE): SessionAdminPageData {
  const all = data.detail.participants;
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  const board: BoardPerson[] = all
    .filter((p) => !p.terminated)
    .map((p) => ({ id: p.id, user: { name: p.user.name }, rating: p.rating, potential: p.potential, proposed_rating: p.proposed_rating, terminated: p.terminated }));
  const participant_page: ParticipantPage = { page: shown, page_size: pageSize, total: all.length, pages };
  return { ...data, detail: { ...data.detail, participants: all.slice((shown - 1) * pageSize, shown * pageSize) }, participant_page, board };
}

/** The address of page `page` of the page at `search` (its other parameters, e.g. cycle_id, kept). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}
