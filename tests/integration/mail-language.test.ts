import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import * as feedbacks from "~/routes/api.v1.realtime_feedbacks._index";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { decodeWords, firstMailTo, useTestSmtp } from "../support/smtp";

/** Issue 28 / ADR 0077: a notification and its email are in the recipient's language (else en). */
const mail = useTestSmtp(beforeAll, afterAll);

const waitForMail = (to: string) => firstMailTo(mail.server, to);

describe("anytime feedback's notification and email in the recipient's language", () => {
  it("Chinese for a person who chose zh-CN, English for one who chose nothing", async () => {
    const db = await getDb();
    // Names outside ASCII (the test helper makes the email from the name, so they are set afterwards).
    const giver = await db.user.update({ where: { id: (await createTestUser({ name: "Giver" })).id }, data: { name: "Łukasz Żółć" } });
    const chinese = await db.user.update({ where: { id: (await createTestUser({ name: "Zhang" })).id }, data: { name: "张伟", locale: "zh-CN", timeZone: "Asia/Shanghai" } });
    const english = await createTestUser({ name: "Eve English" });
    const token = await bearerFor(giver.id);
    for (const who of [chinese, english]) {
      const res = await callRoute(feedbacks.action as never, { method: "POST", path: "/api/v1/realtime_feedbacks", token, body: { reviewee_email: who.email, body: "świetna robota" } });
      expect(res.status).toBe(201);
    }

    const zh = await db.notification.findFirstOrThrow({ where: { userId: chinese.id, kind: "anytime_feedback" } });
    expect(zh.title).toBe("Łukasz Żółć 给你发送了新反馈");
    expect(zh.body).toBe("Łukasz Żółć 给了你一条随时反馈，请前往“随时反馈”查看。");
    const en = await db.notification.findFirstOrThrow({ where: { userId: english.id, kind: "anytime_feedback" } });
    expect(en.title).toBe("New feedback from Łukasz Żółć");

    expect(decodeWords((await waitForMail(chinese.email)).subject)).toBe("Łukasz Żółć 给你发送了新反馈");
    expect(decodeWords((await waitForMail(english.email)).subject)).toBe("New feedback from Łukasz Żółć");
  });
});
