import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { formatDateTime } from "~/platform/i18n/format";
import { notifyEndorsement } from "../../worker/activities/endorsements";
import { createTestUser } from "../support/api";
import { decodeWords, firstMailTo, useTestSmtp, plainTextOf } from "../support/smtp";

/**
 * Issue 28 / ADR 0077: the endorsement request's notification and email (the endorsement workflow's activity) are in
 * the recipient's language (their choice, else en), the deadline in the recipient's zone with the zone named.
 */
const mail = useTestSmtp(beforeAll, afterAll);

const waitForMail = (to: string) => firstMailTo(mail.server, to);

describe("the endorsement request's notification and email in the recipient's language", () => {
  it("Chinese with the deadline in Shanghai time for a person who chose zh-CN; English for one who chose nothing", async () => {
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const cycle = await db.cycle.create({ data: { name: `晋升周期 ${tag}`, state: "CALIBRATION", workflowId: `test-cycle-${randomUUID()}` } });
    const hr = await createTestUser({ role: "PEOPLE_PARTNER", name: `Mail HR ${tag}` });
    const session = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: `Promotions ${tag}`, kind: "PROMOTION", state: "active", createdById: hr.id } });
    const nominee = await db.user.update({ where: { id: (await createTestUser({ name: `Nominee ${tag}` })).id }, data: { name: "张伟" } });
    const chinese = await db.user.update({
      where: { id: (await createTestUser({ name: `Zh Endorser ${tag}` })).id },
      data: { name: "李娜", locale: "zh-CN", timeZone: "Asia/Shanghai" },
    });
    const english = await createTestUser({ name: `Eve Endorser ${tag}` });
    const participant = await db.participant.create({ data: { cycleId: cycle.id, userId: nominee.id } });
    const nomination = await db.promotionNomination.create({ data: { participantId: participant.id, rationale: "Leads the platform team" } });
    // 16:30 UTC: already the next day in Shanghai (00:30, GMT+8).
    const deadline = new Date("2031-12-01T16:30:00Z");
    const requests = [];
    for (const endorser of [chinese, english]) {
      const row = await db.endorsement.create({ data: { nominationId: nomination.id, endorserId: endorser.id, status: "requested", sessionId: session.id, deadline } });
      requests.push(row);
      expect(await notifyEndorsement({ endorsementId: row.id, kind: "requested" })).toEqual({ notified: 1, emailed: 1 });
    }

    const shanghai = formatDateTime(deadline, { language: "zh-CN", timeZone: "Asia/Shanghai" });
    expect(shanghai).toContain("2031年12月2日");
    expect(shanghai).toContain("GMT+8");
    const zh = await db.notification.findFirstOrThrow({ where: { userId: chinese.id, kind: "endorsement_request" } });
    expect(zh.title).toBe("背书请求：张伟");
    expect(zh.body).toBe(`你被邀请为 张伟 的晋升提名（晋升周期 ${tag}）背书，请在 ${shanghai} 前回复。`);
    const zhMail = await waitForMail(chinese.email);
    expect(decodeWords(zhMail.subject)).toBe("背书请求：张伟");
    const zhText = plainTextOf(zhMail.raw);
    expect(zhText).toContain("李娜，你好：");
    expect(zhText).toContain(zh.body);

    const en = await db.notification.findFirstOrThrow({ where: { userId: english.id, kind: "endorsement_request" } });
    expect(en.title).toBe("Endorsement requested: 张伟");
    expect(en.body).toBe(
      `You are asked to endorse 张伟's promotion nomination (晋升周期 ${tag}). Please answer by ${formatDateTime(deadline, { language: "en", timeZone: process.env.APP_TIME_ZONE || "UTC" })}.`,
    );
    const enMail = await waitForMail(english.email);
    expect(decodeWords(enMail.subject)).toBe("Endorsement requested: 张伟");
    expect(plainTextOf(enMail.raw)).toContain(en.body!);

    // The reminder a day before, in the same languages.
    await notifyEndorsement({ endorsementId: requests[0]!.id, kind: "due_soon" });
    const reminder = await db.notification.findFirstOrThrow({ where: { userId: chinese.id, kind: "endorsement_request", title: { startsWith: "背书将于" } } });
    expect(reminder.title).toBe(`背书将于 ${shanghai} 截止：张伟`);
    expect(reminder.body).toBe(`你对 张伟 晋升提名（晋升周期 ${tag}）的背书将于 ${shanghai} 截止。`);
  });
});
