import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { formatDateTime } from "~/platform/i18n/format";
import { remindCalibrationSession } from "../../worker/activities/calibration";
import { createTestUser } from "../support/api";
import { decodeWords, firstMailTo, useTestSmtp, plainTextOf } from "../support/smtp";

/**
 * Issue 28 / ADR 0077: a calibration session's deadline reminder (the session workflow's activity) reaches each
 * person who must act next in their own language (their choice, else en), the deadline in their time zone with the
 * zone named; the in-app notification and the email alike.
 */
const mail = useTestSmtp(beforeAll, afterAll);

const waitForMail = (to: string) => firstMailTo(mail.server, to);

describe("the calibration reminder in the recipient's language", () => {
  it("Chinese with the deadline in Shanghai time for a session admin who chose zh-CN; English for one who chose nothing", async () => {
    const db = await getDb();
    const tag = randomUUID().slice(0, 8);
    const cycle = await db.cycle.create({ data: { name: `年度评估 ${tag}`, state: "CALIBRATION", workflowId: `test-cycle-${randomUUID()}` } });
    const hr = await createTestUser({ role: "PEOPLE_PARTNER", name: `Reminder HR ${tag}` });
    // 16:30 UTC: already the next day in Shanghai (00:30, GMT+8).
    const deadline = new Date("2031-12-01T16:30:00Z");
    const session = await db.calibrationSession.create({
      data: { cycleId: cycle.id, name: `研发部校准 ${tag}`, kind: "RATING", state: "active", createdById: hr.id, deadline },
    });
    const chinese = await db.user.update({
      where: { id: (await createTestUser({ name: `Zh Admin ${tag}` })).id },
      data: { name: "王芳", locale: "zh-CN", timeZone: "Asia/Shanghai" },
    });
    const english = await createTestUser({ name: `Eve Admin ${tag}` });
    for (const user of [chinese, english]) await db.calibrationSessionMember.create({ data: { sessionId: session.id, userId: user.id, role: "ADMIN" } });

    expect(await remindCalibrationSession({ sessionId: session.id, state: "active", kind: "due_soon", round: 0 })).toEqual({ notified: 2, emailed: 2 });

    const shanghai = formatDateTime(deadline, { language: "zh-CN", timeZone: "Asia/Shanghai" });
    expect(shanghai).toContain("2031年12月2日");
    const zh = await db.notification.findFirstOrThrow({ where: { userId: chinese.id, kind: "calibration_reminder" } });
    expect(zh.title).toBe(`校准会议“研发部校准 ${tag}”将于 ${shanghai} 截止`);
    expect(zh.body).toBe(`请主持该校准会议并将其提交审核（年度评估 ${tag}）。`);
    const zhMail = await waitForMail(chinese.email);
    expect(decodeWords(zhMail.subject)).toBe(zh.title);
    expect(plainTextOf(zhMail.raw)).toContain(zh.body);

    const english_due = formatDateTime(deadline, { language: "en", timeZone: process.env.APP_TIME_ZONE || "UTC" });
    const en = await db.notification.findFirstOrThrow({ where: { userId: english.id, kind: "calibration_reminder" } });
    expect(en.title).toBe(`Calibration session "研发部校准 ${tag}" is due ${english_due}`);
    expect(en.body).toBe(`Please run the calibration session and progress it to review (年度评估 ${tag}).`);
    expect(decodeWords((await waitForMail(english.email)).subject)).toBe(en.title);

    // Past the deadline: the overdue reminder, also in Chinese.
    await remindCalibrationSession({ sessionId: session.id, state: "active", kind: "overdue", round: 1 });
    const overdue = await db.notification.findFirstOrThrow({ where: { userId: chinese.id, kind: "calibration_reminder", title: { endsWith: "已超过截止时间" } } });
    expect(overdue.title).toBe(`校准会议“研发部校准 ${tag}”已超过截止时间`);
  });
});
