import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMail } from "~/platform/mailer.server";
import { decodeWords, useTestSmtp } from "../support/smtp";

/** Issue 28: emails carry names and text in UTF-8, the subject as RFC 2047 encoded words (read back exactly). */
const sink = useTestSmtp(beforeAll, afterAll);

function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    return Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
  }
  return body;
}

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
    expect(bodyOf(mail!.raw).trim()).toBe(text);
  });
});
