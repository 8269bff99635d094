import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMail } from "~/platform/mailer.server";
import { decodeWords, textBodyOf, useTestSmtp } from "../support/smtp";

/** Issue 28: emails carry names and text in UTF-8, the subject as RFC 2047 encoded words (read back exactly). */
const sink = useTestSmtp(beforeAll, afterAll);

describe("email in every script", () => {
  it("keeps Chinese, Polish, Greek and an emoji in the subject and the body", async () => {
    const subject = "Reminder for 张伟 from Łukasz Żółć · Ελληνικά 😀";
    const text = "张伟, Łukasz Żółć wrote: świetna robota · καλή δουλειά · 😀";
    await sendMail({ to: "zhang.wei@example.com", subject, text });
    const [mail] = sink.server.to("zhang.wei@example.com");
    const head = mail!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(head).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    // The raw header is 7-bit (encoded words); decoded it is the subject exactly.
    expect(mail!.subject).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeWords(mail!.subject)).toBe(subject);
    expect(textBodyOf(mail!.raw).trim()).toBe(text);
  });
});
