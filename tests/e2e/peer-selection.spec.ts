import { test, expect, DEMO, open, signIn, signedInPage } from "./fixtures";

/**
 * Peer/stakeholder selection (issue [3/3] items 1–3): the employee checks their profile and picks peers
 * (a mandatory reviewer is refused with the spec's message), a peer accepts, and the manager modifies the
 * report's selection (Manager Approved: the employee can no longer change it). The cycle is set up through
 * the admin API in the start stage, so the seeded demo cycles stay untouched.
 */

test.describe("peer selection", () => {
  // Refused adds answer 400 or 422 (ADR 0060) (shown under the field).
  test.use({ allowHttpErrors: [400, 422] });

  test("an employee picks peers, a peer accepts, and the manager modifies the selection", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const name = `E2E Peer Selection ${Date.now()}`;
    const eli = DEMO.employee.email;
    const morgan = DEMO.manager.email;
    const priya = DEMO.peoplePartner.email;
    const harper = DEMO.hrOps.email;

    // ── The admin sets up a started cycle: Eli reports to Morgan; both take part. ──
    const admin = await signedInPage(browser, DEMO.superAdmin, "/app/admin/cycles");
    const created = await admin.page.request.post("/api/v1/admin/cycles", { data: { name } });
    expect(created.status()).toBe(201);
    const cycleId: number = (await created.json()).cycle.id;
    for (const data of [{ email: morgan }, { email: eli, manager_email: morgan }]) {
      const added = await admin.page.request.post(`/api/v1/admin/cycles/${cycleId}/participants`, { data });
      expect(added.status(), await added.text()).toBe(201);
    }
    const started = await admin.page.request.patch(`/api/v1/admin/cycles/${cycleId}/start`);
    expect(started.status(), await started.text()).toBe(200);

    // ── Eli checks the profile. ──
    await signIn(page, DEMO.employee, `/app/performance/prep?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Check your profile" })).toBeVisible();
    await expect(page.getByTestId("profile-email")).toHaveText(eli);
    await expect(page.getByTestId("profile-manager")).toHaveText(`${DEMO.manager.name} (${morgan})`);
    await expect(page.getByTestId("profile-help-note")).toContainText("raise a ticket through Help");

    // ── Eli's selection: mandatory reviewers from the org; the manager is refused as a peer. ──
    await open(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await expect(page.getByRole("heading", { name: "Peer/Stakeholder Selection" })).toBeVisible();
    // Nobody approved it yet (issue 26 §6: it read 'Admin Approved').
    await expect(page.getByTestId("panel-status")).toHaveText("Not approved");
    await expect(page.getByTestId(`mandatory-row-${eli}`)).toContainText("Self");
    await expect(page.getByTestId(`mandatory-row-${morgan}`)).toContainText("Manager");
    await expect(page.getByTestId("peer-advice")).toContainText("last 6 months");
    await expect(page.getByTestId("peers-empty")).toBeVisible();

    const input = page.getByTestId("peer-add-input");
    await input.fill(morgan);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByTestId("peer-add-error")).toHaveText(`${morgan} is already a mandatory reviewer`);
    await input.fill(eli);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByTestId("peer-add-error")).toHaveText("Peer's email can't be the same as the user's email");

    // Pick Priya from the suggestions, and Harper by email.
    await input.fill("Priya Part");
    await page.getByTestId(`peer-option-${priya}`).click();
    await expect(input).toHaveValue(priya);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByText(`Feedback requested from ${DEMO.peoplePartner.name}`)).toBeVisible();
    await expect(page.getByTestId(`peer-status-${priya}`)).toHaveText("Requested");
    await expect(input).toHaveValue("");
    await input.fill(harper);
    await page.getByTestId("peer-add-submit").click();
    await expect(page.getByTestId(`peer-status-${harper}`)).toHaveText("Requested");
    await expect(page.getByTestId("peer-counters")).toContainText("2 of 10 peers selected");

    // A request not yet accepted can be withdrawn.
    await page.getByTestId(`peer-remove-${harper}`).click();
    await expect(page.getByText(`Request to ${harper} withdrawn`)).toBeVisible();
    await expect(page.getByTestId(`peer-row-${harper}`)).toHaveCount(0);

    // ── Priya accepts. ──
    const peer = await signedInPage(browser, DEMO.peoplePartner, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await expect(peer.page.getByTestId("panel-not-participant")).toBeVisible();
    await expect(peer.page.getByTestId(`incoming-status-${eli}`)).toHaveText("Requested");
    await peer.page.getByTestId(`incoming-accept-${eli}`).click();
    await expect(peer.page.getByText(`Accepted the feedback request of ${DEMO.employee.name}`)).toBeVisible();
    await expect(peer.page.getByTestId(`incoming-status-${eli}`)).toHaveText("Accepted");
    await expect(peer.page.getByTestId(`incoming-accept-${eli}`)).toHaveCount(0);
    await expect(peer.page.getByTestId("incoming-accepted-count")).toContainText("You have accepted 1 feedback request");
    await peer.close();

    // Eli sees the acceptance; an accepted reviewer cannot be removed.
    await open(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await expect(page.getByTestId(`peer-status-${priya}`)).toHaveText("Accepted");
    await expect(page.getByTestId(`peer-remove-${priya}`)).toHaveCount(0);

    // ── Morgan modifies Eli's selection. ──
    const manager = await signedInPage(browser, DEMO.manager, `/app/my-reportees/peer-finalization?cycle_id=${cycleId}`);
    const m = manager.page;
    await expect(m.getByRole("heading", { name: "Modify Peer/Stakeholder selection for your Team" })).toBeVisible();
    await expect(m.getByTestId(`team-status-${eli}`)).toHaveText("Not approved");
    await expect(m.getByTestId(`team-selected-${eli}`)).toHaveText("1 / 10");
    await m.getByTestId(`team-link-${eli}`).click();
    await expect(m.getByTestId("report-panel-title")).toHaveText(`Peer/Stakeholder selection: ${DEMO.employee.name}`);
    await expect(m.getByTestId(`peer-status-${priya}`)).toHaveText("Accepted");
    await m.getByTestId("peer-add-input").fill(harper);
    await m.getByTestId("peer-add-submit").click();
    await expect(m.getByText(`Feedback requested from ${DEMO.hrOps.name} for ${DEMO.employee.name}`)).toBeVisible();
    await expect(m.getByTestId(`peer-status-${harper}`)).toHaveText("Requested");
    await expect(m.getByTestId("panel-status")).toHaveText("Manager Approved");
    await expect(m.getByTestId("report-panel-note")).toContainText("only you can change it now");
    await m.getByRole("link", { name: "← Your team's peer selection" }).click();
    await expect(m.getByTestId(`team-status-${eli}`)).toHaveText("Manager Approved");
    await manager.close();

    // ── Eli can no longer change the selection. ──
    await open(page, `/app/performance/peer-finalization?cycle_id=${cycleId}`);
    await expect(page.getByTestId("panel-status")).toHaveText("Manager Approved");
    await expect(page.getByTestId("peer-edit-blocked")).toHaveText(
      "Your manager has modified your peer selection (Manager Approved); only your manager can change it now",
    );
    await expect(page.getByTestId("peer-add-input")).toHaveCount(0);
    await expect(page.getByTestId(`peer-remove-${harper}`)).toHaveCount(0);
    const api = await page.request.get(`/api/v1/cycles/${cycleId}/panels`);
    expect(api.status()).toBe(200);
    const panel = (await api.json()).panel;
    expect(panel.panel_status_label).toBe("Manager Approved");
    expect(panel.peers.map((p: { email: string; status: string }) => [p.email, p.status])).toEqual([
      [priya, "accepted"],
      [harper, "requested"],
    ]);
    await admin.close();
  });
});
