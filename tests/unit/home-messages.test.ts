/**
 * Issue 28: the home page says its items, what comes next and the stages through translation keys; in English the
 * keys read exactly as the API's English (rules.ts), and in Chinese every item reads in Chinese with names kept.
 */
import { describe, expect, it } from "vitest";

import { buildHomeItems, nextStep, type HomeFacts } from "~/features/home/rules";
import { nextStepMessages, STAGE_KEYS } from "~/features/home/messages";
import { STAGE_LABELS, CYCLE_STAGES } from "~/features/cycles/rules";
import { checkBody, giveFeedbackRefusal } from "~/features/anytime-feedback/rules";
import { translator } from "../support/translator";

const p = (name: string) => ({ name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com` });
const everything: HomeFacts = {
  cycle: { id: 7, stage: "manager_feedback", planned_end_date: "2026-12-18" },
  viewer: p("Eli Employee"),
  choosePeers: true,
  peerRequests: [{ id: 1, participant: p("Pat Peer") }],
  feedback: (["self", "direct_report", "matrix_team", "matrix_manager", "manager", "peer"] as const).map((reviewerType) => ({ reviewee: p("Zoë Żółć"), reviewerType })),
  notNominated: 2,
  endorsements: [
    { id: 3, status: "requested", deadline: null, nominee: p("张伟") },
    { id: 4, status: "accepted", deadline: "2026-12-01", nominee: p("张伟") },
  ],
  sessions: (["hr_partner", "session_admin", "panelist", "sign_off"] as const).flatMap((role) =>
    (["RATING", "PROMOTION"] as const).map((kind, i) => ({ id: i + 10, name: `Q4 ${kind}`, kind, role, deadline: null })),
  ),
};

describe("home's texts as keys", () => {
  const t = translator("en");
  const zh = translator("zh-CN");
  const items = buildHomeItems(everything, "2026-11-25");

  it("read in English exactly as the API's title, label and detail, for every kind of item", () => {
    expect(items.length).toBe(19); // 1 + 1 + 6 + 1 + 2 + 8: one of each kind and reviewer type
    for (const item of items) {
      expect(t(item.text.title.key, item.text.title.values)).toBe(item.title);
      expect(t(item.text.label)).toBe(item.kind_label);
      if (item.text.detail) expect(t(item.text.detail.key, item.text.detail.values)).toBe(item.detail);
      else if (item.detail !== null) expect(item.detail).toMatch(/@example\.com$/); // an email is data
    }
    const one = buildHomeItems({ ...everything, notNominated: 1 }, "2026-11-25").find((i) => i.kind === "nominate")!;
    expect(t(one.text.detail!.key, one.text.detail!.values)).toBe(one.detail);
  });

  it("read in Chinese with the names as they are", () => {
    for (const item of items) {
      const text = zh(item.text.title.key, item.text.title.values);
      expect(text).toMatch(/[\u4e00-\u9fff]/);
      expect(text).not.toBe(item.title);
    }
    expect(zh(items.find((i) => i.kind === "answer_peer_request")!.text.title.key, { name: "Pat Peer" })).toBe("接受或拒绝 Pat Peer 的反馈邀请");
  });

  it("say what comes next as rules.ts does, and each stage as the cycles' label", () => {
    for (const state of CYCLE_STAGES) {
      expect(t(STAGE_KEYS[state])).toBe(STAGE_LABELS[state]);
      for (const [start, end, hasReport] of [[null, null, true], ["2026-10-01", "2026-12-18", true], ["2026-10-01", "2026-12-18", false]] as const) {
        const cycle = { id: 1, state, start_date: start, planned_end_date: end };
        const next = nextStep(cycle, hasReport);
        expect(nextStepMessages(cycle, next).map((m) => t(m.key, m.values)).join(" ")).toBe(next.text);
      }
    }
  });

  it("anytime feedback's refusals carry keys that read as the server's English (and in Chinese, not as it)", () => {
    const refusals = [giveFeedbackRefusal(1, null), giveFeedbackRefusal(1, { id: 1, active: true }), giveFeedbackRefusal(1, { id: 2, active: false })];
    const bodies = [checkBody(""), checkBody("x".repeat(5001))].flatMap((c) => (c.ok ? [] : [c]));
    expect(refusals.every(Boolean) && bodies.length === 2).toBe(true);
    for (const r of [...refusals, ...bodies]) {
      expect(t(r!.notice.key, r!.notice.values)).toBe(r!.message);
      expect(zh(r!.notice.key, r!.notice.values)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(giveFeedbackRefusal(1, { id: 2, active: true })).toBeNull();
  });
});
