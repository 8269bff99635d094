import { test } from "./fixtures";
import { expect, judge, pagesByPerson, startWalk, type Walk } from "./every-page-walk";
import { emotionInDocument } from "./static-html";

/**
 * Issue 27 ("every page's server HTML free of emotion styles"): the server-rendered document of every page of
 * tests/e2e/page-catalogue.ts, as the demo role that reaches it, holds no runtime CSS-in-JS: no emotion style tag with
 * a style or CSS in it (the document stream's one empty cache tag aside) and no element with an emotion class
 * (static-html.ts `emotionInDocument`). One context and one sign-in per demo person.
 *
 * PENDING: the pages whose server HTML still has emotion styles, with the reason; each must STILL fail (remove it when
 * it passes).
 */
const PENDING: Record<string, string> = {};

let walk: Walk;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  walk = await startWalk(browser, "en-US", "E2E every page static");
});

test.afterAll(async () => {
  await walk?.close();
});

test("every page's server-rendered HTML holds no emotion style", async () => {
  test.setTimeout(300_000);
  for (const { person, entries } of pagesByPerson()) {
    const request = walk.context(entries[0]!.role).request;
    const results: Array<{ route: string; problems: string[] }> = [];
    for (const entry of entries) {
      const path = entry.path(walk.ids);
      const res = await request.get(path, { maxRedirects: 0 });
      const status = res.status();
      const problems = status === (entry.status ?? 200) ? emotionInDocument(await res.text()) : [`${path} answered ${status}, not ${entry.status ?? 200}`];
      results.push({ route: entry.route, problems: problems.map((p) => `${path}: ${p}`) });
    }
    expect.soft(judge(results, PENDING), `pages of ${person}`).toEqual([]);
  }
});
