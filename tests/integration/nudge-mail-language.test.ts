import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { sendNudgeNow } from "~/features/nudges/service.server";
import { createTestUser } from "../support/api";
import { decodeWords, firstMailTo, textBodyOf, useTestSmtp } from "../support/smtp";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";

/**
 * Issue 28 / ADR 0077: a nudge's in-app notification and email are in each recipient's language (their choice,
 * else en): one job reminds a reviewer who chose zh-CN in Chinese and one who chose nothing in English.
 */
const mail = useTestSmtp(beforeAll, afterAll);
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
});
afterAll(async () => {
  await stopWorker?.();
});

async function waitForMail(to: string) {
  const received = await firstMailTo(mail.server, to, 100);
  // Every part of the message (plain text and HTML), each decoded.
  const parts = received.raw.split(/\r?\n--[^\r\n]+\r?\n/).map((part) => textBodyOf(part.replace(/^\r?\n/, "")));
  return { subject: received.subject, text: parts.join("\n") };
}

describe("a nudge in the recipient's language", () => {
  it("Chinese for a reviewer who chose zh-CN, English for one who chose nothing", async () => {
    const db = await getDb();
    const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Nudge Language Admin" });
    const name = `周期 ${randomUUID().slice(0, 6)}`;
    const cycle = await db.cycle.create({ data: { name, state: "SPU_FEEDBACK", workflowId: `test-cycle-${randomUUID()}` } });
    const chinese = await db.user.update({
      where: { id: (await createTestUser({ name: "Zhang Nudge" })).id },
      data: { name: "张伟", locale: "zh-CN", timeZone: "Asia/Shanghai" },
    });
    const english = await createTestUser({ name: "Eve Nudge" });
    for (const user of [chinese, english]) {
      const p = await db.participant.create({ data: { cycleId: cycle.id, userId: user.id } });
      // Each owes their self feedback (a draft): one feedback to complete.
      await db.feedback.create({ data: { cycleId: cycle.id, revieweeId: p.id, reviewerId: user.id, reviewerType: "SELF", status: "DRAFT" } });
    }

    const job = await sendNudgeNow({ userId: admin.id, realUserId: admin.id, source: "api" }, cycle.id);
    await until(`nudge job ${job.id}`, async () => {
      const row = await db.job.findUnique({ where: { id: job.id } });
      return row && row.status === "SUCCEEDED" && row;
    });

    const zh = await db.notification.findFirstOrThrow({ where: { userId: chinese.id, kind: "nudge" } });
    expect(zh.title).toBe(`提醒：你在 ${name} 中有待办事项`);
    expect(zh.body).toBe(`你在 ${name} 中有 1 份反馈待完成`);
    const en = await db.notification.findFirstOrThrow({ where: { userId: english.id, kind: "nudge" } });
    expect(en.title).toBe(`Reminder: you have pending work in ${name}`);
    expect(en.body).toBe(`You have 1 feedback to complete in ${name}`);

    const zhMail = await waitForMail(chinese.email);
    expect(decodeWords(zhMail.subject)).toBe(`提醒：你在 ${name} 中有待办事项`);
    expect(zhMail.text).toContain("张伟");
    expect(zhMail.text).toContain(`你在 ${name} 中有 1 份反馈待完成。`);
    expect(zhMail.text).toContain("这是来自人力资源团队的提醒。");
    const enMail = await waitForMail(english.email);
    expect(decodeWords(enMail.subject)).toBe(`Reminder: you have pending work in ${name}`);
    expect(enMail.text).toContain(`You have 1 feedback to complete in ${name}.`);
    expect(enMail.text).toContain("This is a reminder from the people team.");
  });
});
