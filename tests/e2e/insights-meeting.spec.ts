import { test, expect, DEMO, hydrated, signedInPage } from "./fixtures";
import { CEO, ok } from "./api-helpers";

/**
 * Fairness in the rating calibration meeting (issue 29 §4, ADR 0114) on the demo's "Marketing calibration" (2026 Q3
 * Review, in review; the six people rated lowest are women: a significant gap by gender, prisma/seed-insights.ts).
 * The sign-off party (Carmen) reads the live fairness panel and sends the session back; its session admin (Harper)
 * reads the same panel, and when a woman's rating changes (from another tab: the page learns it from the session's
 * live stream) the women's mean after calibration and the gap's words change on the open page; the rating goes back,
 * and the session to review. Carmen's close dialog shows each group's shift; with a blank reason the close is refused
 * beside the field, with a reason the session closes and its history keeps the reason. A panelist (Morgan) has no
 * panel on his session and is refused its data. The ratings end as the seed made them (insights.spec.ts reads them).
 * Before that, the super admin's forced close of the sessions in review is refused without a reason, listing
 * "Marketing calibration" (ADR 0120). Promotion sessions (ADR 0120): the same panel on the session admin's and the
 * sign-off party's pages (the demo's are under the privacy floor: the figure hidden, no reason asked), none for a panelist.
 */

type Session = { id: number; name: string };
type Participant = { id: number; rating: number | null };

const WOMEN_GAP = "Woman were rated 1.3 lower on average than the others (2.3 against 3.7).";
const REASON = "The lowest ratings follow the performance plans agreed with each person before the cycle.";

test.describe("fairness in the calibration meeting", () => {
  // The blank reason's refusal (422) is the page action's answer.
  test.use({ allowHttpErrors: [422] });

  test("the session admin sees the gap change with a rating; the sign-off party must give a reason to close", async ({ browser }) => {
    test.setTimeout(300_000);
    const ada = await signedInPage(browser, DEMO.superAdmin);
    const { cycles } = await ok<{ cycles: Session[] }>(await ada.page.request.get("/api/v1/admin/cycles"));
    const q3 = cycles.find((c) => c.name === "2026 Q3 Review")!.id;
    const { calibration_sessions: sessions } = await ok<{ calibration_sessions: Session[] }>(await ada.page.request.get(`/api/v1/admin/cycles/${q3}/calibration_sessions`));
    const marketing = sessions.find((s) => s.name === "Marketing calibration")!.id;
    const engineering = sessions.find((s) => s.name === "Engineering calibration")!.id;
    await ada.close();

    // ── The super admin's forced close (ADR 0120): without a reason it is refused, listing the session with the gap,
    // and nothing closes (only the refusal is tried here: the demo's sessions stay as they are). ──
    const admin = await signedInPage(browser, DEMO.superAdmin, `/app/admin/calibration-sessions?cycle_id=${q3}`);
    const a = admin.page;
    await hydrated(a);
    await a.getByTestId("admin-close-in-review").click();
    const forced = a.getByTestId("admin-close-dialog");
    await expect(forced.getByTestId("admin-close-reason")).toBeVisible();
    await forced.getByTestId("admin-close-confirm").click();
    const listed = forced.getByTestId(`admin-close-gaps-session-${marketing}`);
    await expect(listed).toContainText("Marketing calibration: ");
    await expect(listed).toContainText("Gender: Woman");
    await expect(forced.getByTestId("admin-close-gaps")).toContainText("significant gap after calibration: write the reason");
    await expect(forced.getByRole("textbox", { name: /Reason for closing over a significant gap/ })).toHaveAttribute("required", "");
    await forced.getByRole("button", { name: "Cancel" }).click();
    await expect(a.getByTestId(`admin-session-state-${marketing}`)).toHaveText("In review");
    await admin.close();

    // ── The sign-off party: the panel, the gap by gender; the session goes back to its admin. ──
    const carmen = await signedInPage(browser, CEO, `/app/sign-off-party/calibration-sessions/${marketing}?cycle_id=${q3}`);
    const c = carmen.page;
    await expect(c.getByTestId("session-state")).toHaveText("In review");
    const cPanel = c.getByTestId("meeting-fairness");
    await expect(cPanel.getByTestId("fairness-significant")).toContainText("closing the session needs a written reason");
    await expect(cPanel.getByTestId("fairness-significant-gap").filter({ hasText: WOMEN_GAP }).first()).toContainText("Gender");
    await expect(cPanel.getByRole("tab", { name: "Gender" })).toHaveAttribute("aria-selected", "true");
    await expect(cPanel.getByTestId("figure-ratings-row-woman")).toBeVisible();
    // Neither Carmen nor Harper may open the session's insight page (the insights rule): no link.
    await expect(cPanel.getByTestId("fairness-insights-link")).toHaveCount(0);
    await c.getByTestId("request-revision").click();
    await c.getByTestId("revision-dialog-comment").fill("Please look at the ratings by gender once more before I sign off.");
    await c.getByTestId("revision-dialog-confirm").click();
    await expect(c.getByTestId("session-state")).toHaveText("Revision requested");

    // ── The session admin's panel follows a rating change made elsewhere (the live stream). ──
    const harper = await signedInPage(browser, DEMO.hrOps, `/app/session-admin/calibration-sessions/${marketing}?cycle_id=${q3}`);
    const h = harper.page;
    await hydrated(h);
    const hPanel = h.getByTestId("meeting-fairness");
    const womenAfter = hPanel.getByTestId("figure-ratings-row-woman").locator('td[data-label="Mean after calibration"]');
    await expect(womenAfter).toHaveText("2.33");
    await expect(hPanel.getByTestId("figure-ratings-gap").filter({ hasText: WOMEN_GAP })).toHaveCount(2);
    const base = `/api/v1/cycles/${q3}/calibration_session_admin/calibration_sessions/${marketing}`;
    const { participants } = await ok<{ participants: Participant[] }>(await h.request.get(base));
    // The lowest rating of the session is a woman's (the six lowest are women).
    const lowest = [...participants].sort((a, b) => (a.rating ?? 9) - (b.rating ?? 9))[0]!;
    const was = lowest.rating!;
    await ok(await h.request.patch(`${base}/participants/${lowest.id}`, { data: { calibrated_rating: 5, reason: "Checked against the goals again in the meeting." } }));
    // The six women's ratings add up to 14 (mean 2.33); hers is now 5.
    await expect(womenAfter).toHaveText(((14 - was + 5) / 6).toFixed(2));
    // The gap after calibration is said anew; the one before calibration is as it was.
    await expect(hPanel.getByTestId("figure-ratings-gap").filter({ hasText: WOMEN_GAP })).toHaveCount(1);
    // Carmen's open page follows too.
    await expect(cPanel.getByTestId("figure-ratings-row-woman").locator('td[data-label="Mean after calibration"]')).not.toHaveText("2.33");
    // Back as the seed had it, and to review.
    await ok(await h.request.patch(`${base}/participants/${lowest.id}`, { data: { calibrated_rating: was, reason: "Back to the agreed rating after the discussion." } }));
    await expect(womenAfter).toHaveText("2.33");
    await expect(hPanel.getByTestId("figure-ratings-gap").filter({ hasText: WOMEN_GAP })).toHaveCount(2);
    await expect(hPanel.getByTestId("fairness-insights-link")).toHaveCount(0);
    await ok(await h.request.patch(`${base}/progress_to_review`));
    await expect(h.getByTestId("session-state")).toHaveText("In review");
    await harper.close();

    // ── The sign-off party closes: the shift per group, then a reason is required. ──
    await expect(c.getByTestId("session-state")).toHaveText("In review");
    await c.getByTestId("close-session").click();
    const dialog = c.getByTestId("close-dialog");
    await expect(dialog.getByTestId("close-shift")).toContainText("Ratings before and after calibration by Gender");
    const woman = dialog.getByTestId("close-shift-row-woman");
    await expect(woman.locator('td[data-label="Mean before calibration"]')).toHaveText("2.33");
    await expect(woman.locator('td[data-label="Mean after calibration"]')).toHaveText("2.33");
    await expect(woman.locator('td[data-label="Shift"]')).toHaveText("0.00");
    await expect(dialog.getByTestId("close-significant")).toBeVisible();
    const reason = dialog.getByRole("textbox", { name: /Reason for closing with a significant gap/ });
    await expect(reason).toHaveAttribute("required", "");
    // A blank reason passes the browser's check, not the server's rule: refused beside the field, nothing closed.
    await reason.fill("   ");
    await c.getByTestId("close-dialog-confirm").click();
    await expect(dialog).toContainText("A ratings gap after calibration is significant: write the reason for closing the session as it is.");
    await expect(c.getByTestId("session-state")).toHaveText("In review");
    await reason.fill(REASON);
    await c.getByTestId("close-dialog-confirm").click();
    await expect(c.getByTestId("session-state")).toHaveText("Closed");
    await expect(c.getByTestId("session-comments-thread")).toContainText(`Closed with a significant ratings gap. Reason: ${REASON}`);
    await carmen.close();

    // ── A panelist: no panel on his session, and its data refused. ──
    const morgan = await signedInPage(browser, DEMO.manager, `/app/ratings/calibration-panelist/sessions/${engineering}?cycle_id=${q3}`);
    await hydrated(morgan.page);
    await expect(morgan.page.getByTestId("meeting-fairness")).toHaveCount(0);
    expect((await morgan.page.request.get(`/app/calibration-sessions/${engineering}/fairness`)).status()).toBe(403);
    await morgan.close();
  });

  test("promotion sessions have the same panel: the session admin's and the sign-off party's pages, never a panelist's", async ({ browser }) => {
    test.setTimeout(180_000);
    const ada = await signedInPage(browser, DEMO.superAdmin);
    const { cycles } = await ok<{ cycles: Session[] }>(await ada.page.request.get("/api/v1/admin/cycles"));
    const q3 = cycles.find((c) => c.name === "2026 Q3 Review")!.id;
    const { promotion_calibration_sessions: promos } = await ok<{ promotion_calibration_sessions: Session[] }>(
      await ada.page.request.get(`/api/v1/admin/cycles/${q3}/promotion_calibration_sessions`),
    );
    const engineering = promos.find((s) => s.name === "Engineering promotions")!.id;
    const product = promos.find((s) => s.name === "Product promotions")!.id;
    await ada.close();

    // The session admin (Harper) runs "Engineering promotions": the panel of its promotion rates, under the floor.
    const harper = await signedInPage(browser, DEMO.hrOps, `/app/promotions/hr-partners/sessions/${engineering}?cycle_id=${q3}`);
    const hPanel = harper.page.getByTestId("meeting-fairness");
    await expect(hPanel.getByRole("heading", { name: "Fairness of this session's promotions" })).toBeVisible();
    await hydrated(harper.page);
    // Four nominees: fewer than the privacy floor (5), so the figure is not shown — and no gap asks for a reason.
    await expect(hPanel.getByTestId("figure-promotions-hidden")).toBeVisible();
    await expect(hPanel.getByTestId("fairness-significant")).toHaveCount(0);
    await harper.close();

    // The sign-off party (Carmen) of "Product promotions": the panel, and the approve dialog's comment stays optional.
    const carmen = await signedInPage(browser, CEO, `/app/promotions/sign-off-party/sessions/${product}?cycle_id=${q3}`);
    const c = carmen.page;
    await expect(c.getByTestId("meeting-fairness")).toContainText("Fairness of this session's promotions");
    await hydrated(c);
    await expect(c.getByTestId("meeting-fairness").getByTestId("figure-promotions-hidden")).toBeVisible();
    await c.getByTestId("approve").click();
    const dialog = c.getByTestId("approve-dialog");
    await expect(dialog.getByRole("textbox", { name: /Comment \(optional\)/ })).not.toHaveAttribute("required", "");
    await expect(dialog.getByTestId("close-significant")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await carmen.close();

    // A panelist of the promotion session (Morgan): no panel, its data refused.
    const morgan = await signedInPage(browser, DEMO.manager, `/app/promotions/calibration-panelist/sessions/${engineering}?cycle_id=${q3}`);
    await hydrated(morgan.page);
    await expect(morgan.page.getByTestId("meeting-fairness")).toHaveCount(0);
    expect((await morgan.page.request.get(`/app/calibration-sessions/${engineering}/fairness`)).status()).toBe(403);
    await morgan.close();
  });
});
