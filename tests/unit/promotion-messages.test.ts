/**
 * Issue 28: the promotion pages say the server's labels and messages through keys. In English the keys read exactly
 * as the API's English (rules.ts labels, the services' and schemas' messages); in Chinese they read in Chinese with
 * names and emails kept; a sentence the pages do not know is the generic failure, never the English.
 */
import { describe, expect, it } from "vitest";

import { messageText } from "~/platform/i18n/page-message";
import { SESSION_STATES, SESSION_STATE_LABELS } from "~/features/calibration/rules";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import {
  ENDORSEMENT_OUTCOMES,
  ENDORSEMENT_OUTCOME_LABELS,
  ENDORSEMENT_STATUSES,
  ENDORSEMENT_STATUS_LABELS,
  PROMOTION_DECISIONS,
  PROMOTION_DECISION_LABELS,
  PROMOTION_LIMITS,
  endorsementOutcomeText,
} from "~/features/promotions/rules";
import { EndorseSchema, RejectSchema } from "~/features/promotions/schemas";
import {
  ENDORSEMENT_CLOSED_KEYS,
  ENDORSEMENT_OUTCOME_KEYS,
  ENDORSEMENT_STATUS_KEYS,
  NOMINATION_CLOSED_KEYS,
  NOMINATION_STATUS_KEYS,
  PROMOTION_DECISION_KEYS,
  SESSION_STATE_KEYS,
  endorsementOutcomeKey,
} from "~/features/promotions/text-keys";
import { NOMINATION_STATUS_LABELS, RATIONALE_MAX_LENGTH, RationaleSchema, nominationBlocker } from "~/features/manager-review/rules";
import { nominationFailureMessage, rationaleIssueMessage } from "~/features/promotions/nomination-messages";
import { endorsementIssues, endorsementRefusal } from "~/features/promotions/endorsement-messages";
import { endorsementMailText } from "~/features/promotions/endorsement-mail";
import { translator } from "../support/translator";

const t = translator("en");
const zh = translator("zh-CN");

describe("labels by code", () => {
  it("read as the API's English labels, and in Chinese", () => {
    for (const s of ENDORSEMENT_STATUSES) {
      expect(t(ENDORSEMENT_STATUS_KEYS[s])).toBe(ENDORSEMENT_STATUS_LABELS[s]);
      expect(t(ENDORSEMENT_CLOSED_KEYS[s])).toBe(`This request is closed (${ENDORSEMENT_STATUS_LABELS[s].toLowerCase()}); it can no longer be answered.`);
      for (const outcome of [null, ...ENDORSEMENT_OUTCOMES]) {
        const key = endorsementOutcomeKey(s, outcome);
        expect(key ? t(key) : "—").toBe(endorsementOutcomeText(s, outcome));
      }
    }
    for (const o of ENDORSEMENT_OUTCOMES) expect(t(ENDORSEMENT_OUTCOME_KEYS[o])).toBe(ENDORSEMENT_OUTCOME_LABELS[o]);
    for (const s of SESSION_STATES) expect(t(SESSION_STATE_KEYS[s])).toBe(SESSION_STATE_LABELS[s]);
    for (const d of PROMOTION_DECISIONS) expect(t(PROMOTION_DECISION_KEYS[d])).toBe(PROMOTION_DECISION_LABELS[d]);
    for (const s of ["nominated", "withdrawn"] as const) expect(t(NOMINATION_STATUS_KEYS[s])).toBe(NOMINATION_STATUS_LABELS[s]);
    for (const s of CYCLE_STAGES) expect(zh(NOMINATION_CLOSED_KEYS[s])).toMatch(/^只有在 SPU 反馈和经理反馈阶段/);
    expect(zh(ENDORSEMENT_STATUS_KEYS.endorsed)).toBe("已完成");
    expect(zh(SESSION_STATE_KEYS.in_review)).toBe("审核中");
  });

  it("plurals: one and other in English, one form in Chinese", () => {
    expect(t("promotions.charts.completionSummary", { completed: 1, count: 1, rate: "100%" })).toBe("1 of 1 request completed (100%)");
    expect(t("promotions.charts.completionSummary", { completed: 1, count: 2, rate: "50%" })).toBe("1 of 2 requests completed (50%)");
    expect(
      t("promotions.charts.progressSummary", {
        sessions: t("promotions.charts.sessionCount", { count: 3 }),
        decided: t("promotions.charts.decidedOfNominations", { count: 4, decided: 2 }),
      }),
    ).toBe("3 sessions · 2 of 4 nominations decided");
    expect(t("promotions.sessions.closeAllText", { count: 1 })).toMatch(/^Close all 1 open promotion session of this cycle/);
    expect(zh("promotions.sessions.closedCount", { count: 2 })).toBe("已关闭 2 场晋升评审会议");
  });
});

describe("the nomination page's messages", () => {
  it("the rationale's check reads as RationaleSchema's English", () => {
    for (const raw of ["", "   ", "Too short", "x".repeat(RATIONALE_MAX_LENGTH + 1)]) {
      const english = RationaleSchema.safeParse(raw).error?.issues[0]?.message;
      expect(messageText(t, rationaleIssueMessage(raw)), JSON.stringify(raw.slice(0, 12))).toBe(raw.trim() === "" ? "Rationale is required" : english);
    }
  });

  it("the services' refusals: known sentences by key with the email kept, anything else the generic failure", () => {
    const blocker = nominationBlocker({ reviewerOnly: true, email: "zhang.wei@example.com" })!;
    expect(messageText(t, nominationFailureMessage(blocker))).toBe(`${blocker}.`);
    expect(messageText(zh, nominationFailureMessage(blocker))).toBe("zhang.wei@example.com 仅以评价人身份参与，不能被提名晋升。");
    expect(messageText(t, nominationFailureMessage("zhang.wei@example.com has not been nominated for promotion"))).toBe("zhang.wei@example.com has not been nominated for promotion");
    expect(messageText(zh, nominationFailureMessage("The nomination of a@b.c is already withdrawn"))).toBe("a@b.c 的提名已撤回");
    expect(messageText(zh, nominationFailureMessage("Something new went wrong"))).toBe("操作未成功，请重试。");
  });
});

describe("the endorser's page messages", () => {
  it("the answer's checks read as the schemas' English, per form field", () => {
    const empty = EndorseSchema.safeParse({ outcome: "endorsed", endorsement: " " }).error!;
    expect(messageText(t, endorsementIssues(empty.issues).fieldErrors.endorsement!)).toBe(empty.issues[0]!.message);
    const long = EndorseSchema.safeParse({ outcome: "endorsed", endorsement: "x".repeat(PROMOTION_LIMITS.endorsementMax + 1) }).error!;
    expect(messageText(t, endorsementIssues(long.issues).fieldErrors.endorsement!)).toBe(long.issues[0]!.message);
    const outcome = EndorseSchema.safeParse({ endorsement: "Fine" }).error!;
    expect(messageText(zh, endorsementIssues(outcome.issues).fieldErrors.outcome!)).toBe("请选择“支持”或“不支持”");
    const reason = RejectSchema.safeParse({ reason: "x".repeat(PROMOTION_LIMITS.reasonMax + 1) }).error!;
    expect(Object.keys(endorsementIssues(reason.issues).fieldErrors)).toEqual(["comment"]);
  });

  it("the service's refusals", () => {
    const say = (status: number, code: string, message: string) => {
      const m = endorsementRefusal({ status, code, message });
      return m && messageText(t, m);
    };
    expect(say(409, "conflict", "The promotion calibration session of this request is closed; it can no longer change")).toBe(
      "The promotion calibration session of this request is closed; it can no longer change",
    );
    expect(say(409, "conflict", "The nomination was withdrawn; this request can no longer change")).toBe("The nomination was withdrawn; this request can no longer change");
    expect(say(403, "forbidden", "Only the endorser can answer this endorsement request")).toBe("Only the endorser can answer this endorsement request");
    expect(say(503, "unavailable", "Could not save the answer, please try again")).toBeNull();
  });
});

describe("the endorsement emails", () => {
  const facts = { nominee: "张伟", cycle: "2026 H2", endorser: "Łukasz Żółć", deadline: new Date("2026-12-01T16:30:00Z") };
  it("in English read as before, the deadline in the reader's zone, named", () => {
    const text = endorsementMailText("requested", facts)(t as never, { language: "en", timeZone: "UTC" });
    expect(text.title).toBe("Endorsement requested: 张伟");
    expect(text.body).toMatch(/^You are asked to endorse 张伟's promotion nomination \(2026 H2\)\. Please answer by Dec 1, 2026, 0?4:30 PM UTC\.$/);
    const expired = endorsementMailText("expired", facts)(t as never, { language: "en", timeZone: "UTC" });
    expect(expired.title).toBe("Endorsement request expired: Łukasz Żółć for 张伟");
    expect(expired.body).toBe("Łukasz Żółć did not answer the endorsement request for 张伟 (2026 H2) by its deadline.");
  });
  it("in Chinese, in Shanghai time", () => {
    const text = endorsementMailText("due_soon", facts)(zh as never, { language: "zh-CN", timeZone: "Asia/Shanghai" });
    expect(text.title).toBe("背书将于 2026年12月2日 GMT+8 00:30 截止：张伟");
  });
});
