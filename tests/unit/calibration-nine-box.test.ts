/**
 * Issue 27 (ADR 0091): the session admin's 9-box as the page ships it — counts per box and the first people of each —
 * draws "+ N more" as a link to the same address with ?box= (the other parameters kept), the open box's every person
 * and a "Show fewer" link back; the history of a session page draws "Show 20 more" as a link to ?history=N+1 and,
 * once every change is shown, "Show the latest 20" back to the first page (ADR 0104: 20 a page).
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { I18nextProvider } from "react-i18next";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "~/platform/i18n/locales/en";
import { NineBox } from "~/features/calibration/components/nine-box";
import { RatingHistory } from "~/features/calibration/components/rating-history";
import { boardOf, BOX_PREVIEW } from "~/features/calibration/participant-page";
import type { BoardPerson, BoxKey } from "~/features/calibration/meeting-page-types";
import type { RatingChangeJson } from "~/features/calibration/types";

function render(node: React.ReactElement, url: string): string {
  const i18n = createInstance();
  void i18n.init({ lng: "en", resources: { en: { common: en } }, defaultNS: "common", fallbackLng: false, initImmediate: false, interpolation: { escapeValue: false } });
  const path = url.split("?")[0]!;
  const Stub = createRemixStub([{ path, Component: () => node }]);
  return renderToString(h(I18nextProvider, { i18n }, h(Stub, { initialEntries: [url] })));
}

const people: BoardPerson[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  user: { name: `Person ${String(i + 1).padStart(2, "0")}` },
  rating: i < 9 ? 4 : 3,
  potential: 3,
  proposed_rating: 3,
  terminated: false,
}));
const cards = (html: string) => [...html.matchAll(/data-testid="ninebox-card-(\d+)"/g)].map((m) => Number(m[1]));
const amp = (s: string) => s.replace(/&amp;/g, "&");
/** The link with `testId`: its address and its text (null when absent). */
function link(html: string, testId: string): { href: string; text: string } | null {
  const m = new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>([^<]*)</a>`).exec(html);
  if (!m) return null;
  return { href: /href="([^"]*)"/.exec(m[0])?.[1] ?? "", text: m[1]! };
}

describe("the 9-box in counts", () => {
  it("a crowded box: its first people and '+ N more', a link to ?box= with the other parameters kept", () => {
    const html = amp(render(h(NineBox, { board: boardOf(people, null), onMove: () => {} }), "/s/4?cycle_id=7&page=2"));
    // The grid draws Meets / High (people 10–12) before Above / High.
    expect(cards(html)).toEqual([10, 11, 12, 1, 2, 3, 4, 5]);
    expect(link(html, "ninebox-more-3-3")).toEqual({ href: "/s/4?cycle_id=7&page=2&box=3-3", text: "+ 4 more" });
    expect(html).not.toContain("ninebox-more-2-3");
    expect(html).not.toContain("ninebox-less-");
  });

  it("the open box: every person, and 'Show fewer' back to the address without ?box=", () => {
    const open: BoxKey = "3-3";
    const html = amp(render(h(NineBox, { board: boardOf(people, open), onMove: () => {} }), "/s/4?cycle_id=7&box=3-3"));
    expect(cards(html)).toEqual([10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(html).not.toContain("ninebox-more-3-3");
    expect(link(html, "ninebox-less-3-3")).toEqual({ href: "/s/4?cycle_id=7", text: "Show fewer" });
    expect(BOX_PREVIEW).toBe(5);
  });
});

describe("the history in pages", () => {
  const change = (id: number): RatingChangeJson => ({
    id,
    session_participant_id: id,
    participant: { id, name: `P${id}`, email: `p${id}@example.com` },
    field: "rating",
    old_value: 3,
    new_value: 4,
    reason: "Peers",
    changed_by: null,
    created_at: "2026-11-20T09:00:00.000Z",
    superseded: false,
  });
  const rows = (html: string) => (html.match(/data-testid="history-row-/g) ?? []).length;

  it("the first page: 20 rows and 'Show 20 more', a link to ?history=2", () => {
    const html = amp(render(h(RatingHistory, { history: Array.from({ length: 20 }, (_, i) => change(i + 1)), paging: { pages: 1, total: 110 } }), "/s/4?cycle_id=7"));
    expect(rows(html)).toBe(20);
    expect(html).toContain("The latest 20 of 110 changes.");
    expect(link(html, "history-show-all")).toEqual({ href: "/s/4?cycle_id=7&history=2", text: "Show 20 more" });
  });

  it("the last page: every row, 'Show 10 more' before it, 'Show the latest 20' once all are shown", () => {
    const five = amp(render(h(RatingHistory, { history: Array.from({ length: 100 }, (_, i) => change(i + 1)), paging: { pages: 5, total: 110 } }), "/s/4?cycle_id=7&history=5"));
    expect(link(five, "history-show-all")).toEqual({ href: "/s/4?cycle_id=7&history=6", text: "Show 10 more" });
    const all = amp(render(h(RatingHistory, { history: Array.from({ length: 110 }, (_, i) => change(i + 1)), paging: { pages: 6, total: 110 } }), "/s/4?cycle_id=7&history=6"));
    expect(rows(all)).toBe(110);
    expect(all).toContain("All 110 changes.");
    expect(link(all, "history-show-all")).toEqual({ href: "/s/4?cycle_id=7", text: "Show the latest 20" });
  });
});
