import type { Page } from "@playwright/test";
import { DEMO, expect, open, test } from "./fixtures";
import { signInThroughLoginPage } from "./sign-in-any-language";
import { layoutOffenders } from "./overflow";
import { expectAllTranslated } from "./untranslated";

/**
 * Issue 28: peer/stakeholder selection in Simplified Chinese (the browser asks for zh-CN): Eli picks peers (a refusal
 * from the server in Chinese, the result toast in Chinese), Priya accepts his request, Morgan reads his team's
 * selections; then the same pages in the pseudo-language en-XA (no text outside ⟦ ⟧ but data, no overflow at 1440
 * and 375 px). A cycle of its own in the start stage, set up through the admin API.
 */
test.use({ allowHttpErrors: [400, 422] });

const eli = DEMO.employee;
const morgan = DEMO.manager;
const priya = DEMO.peoplePartner;

async function startedCycle(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/api/v1/admin/cycles", { data: { name } });
  expect(created.status()).toBe(201);
  const cycleId: number = (await created.json()).cycle.id;
  for (const data of [{ email: morgan.email }, { email: eli.email, manager_email: morgan.email }, { email: priya.email }]) {
    const added = await page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
    expect(added.status(), await added.text()).toBe(201);
  }
  const started = await page.request.patch(`/api/v1/admin/cycles/${cycleId}/start`);
  expect(started.status(), await started.text()).toBe(200);
  return cycleId;
}

test.describe("in Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("Eli asks peers, Priya accepts, Morgan reads his team's selections", async ({ page }) => {
    test.setTimeout(180_000);
    await signInThroughLoginPage(page, DEMO.superAdmin);
    const cycleId = await startedCycle(page, `E2E 同事选择 ${Date.now()}`);

    await signInThroughLoginPage(page, eli, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("同事/相关方评估人选择");
    await expect(page.getByTestId("panel-status")).toHaveText("未审批");
    await expect(page.getByTestId(`mandatory-row-${morgan.email}`)).toContainText("经理");
    await expect(page.getByTestId("peer-advice")).toContainText("最近 6 个月内");
    await expect(page.getByTestId("peers-empty")).toHaveText("尚未邀请任何同事。");
    await expect(page.getByTestId("peer-add-help")).toHaveText("最近 6 个月内与你共事过的任何同事");

    const input = page.getByTestId("peer-add-input");
    await input.fill(morgan.email);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByTestId("peer-add-error")).toHaveText(`${morgan.email} 已是必选评估人`);
    await input.fill(priya.email);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByText(`已邀请 ${priya.name} 提供反馈`)).toBeVisible();
    await expect(page.getByTestId(`peer-status-${priya.email}`)).toHaveText("已邀请");
    await expect(page.getByTestId("peer-counters")).toHaveText(/^已选 1\/\d+ 人 · 0 人已接受 · 1 人待回复$/);

    await signInThroughLoginPage(page, priya, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    const incoming = page.getByTestId("incoming-requests");
    await expect(incoming.getByRole("heading", { level: 2 })).toHaveText("你收到的反馈邀请");
    await page.getByTestId(`incoming-accept-${eli.email}`).click();
    await expect(page.getByText(`已接受 ${eli.name} 的反馈邀请`)).toBeVisible();
    await expect(page.getByTestId(`incoming-status-${eli.email}`)).toHaveText("已接受");

    await signInThroughLoginPage(page, morgan, `/app/my-reportees/peer-finalization?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("调整团队的同事/相关方评估人选择");
    await expect(page.getByTestId(`team-status-${eli.email}`)).toHaveText("未审批");
    await page.getByTestId(`team-link-${eli.email}`).click();
    await expect(page.getByTestId("report-panel-title")).toHaveText(`同事/相关方评估人选择：${eli.name}`);
    await expect(page.getByTestId("panel-approve")).toHaveText("审批此选择");
    await page.getByTestId("panel-approve").click();
    await expect(page.getByText(`已审批 ${eli.name} 的选择（上级已审批）`)).toBeVisible();
    await expect(page.getByTestId("panel-status")).toHaveText("上级已审批");
  });
});

test.describe("in the pseudo-language", () => {
  test.use({ locale: "en-XA" });

  test("the participant's page and the manager's pages", async ({ page }) => {
    test.setTimeout(180_000);
    await signInThroughLoginPage(page, DEMO.superAdmin);
    const cycleName = `E2E Pseudo Peers ${Date.now()}`;
    const cycleId = await startedCycle(page, cycleName);

    const initials = [eli, morgan].map((p) => p.name.slice(0, 1));
    // Data: the people, their job titles (the directory's), the cycle's name, the brand, the version.
    const allow = ["PMR", "People Partner", "Senior Engineering Specialist", cycleName, ...initials, ...[eli, morgan, priya, DEMO.superAdmin, DEMO.hrOps].flatMap((p) => [p.name, p.email]), /\bv?\d+\.\d+\.\d+\S*/g];
    const check = async (page: Page, path: string) => {
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, path);
        await expectAllTranslated(page, { allow });
        // On a phone a table may scroll sideways in its own box (as in English) while its first column is in view.
        const phone = { scrollAreas: [{ container: ":has(> table)", mustShow: "tr > :first-child" }] };
        expect(await layoutOffenders(page, width < 600 ? phone : {}), `${path} at ${width} px`).toEqual([]);
      }
    };
    await signInThroughLoginPage(page, eli);
    const peer = await page.request.post(`/api/v1/cycles/${cycleId}/panels/new`, { data: { peer_email: priya.email } });
    expect(peer.status(), await peer.text()).toBe(201);
    await check(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`);

    await signInThroughLoginPage(page, morgan);
    await check(page, `/app/my-reportees/peer-finalization?cycle_id=${cycleId}`);
    await check(page, `/app/my-reportees/${encodeURIComponent(eli.email)}/peer-finalization?cycle_id=${cycleId}`);
  });
});
