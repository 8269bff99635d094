import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMail } from "~/platform/mailer.server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/** Issue 28: emails carry names and text in UTF-8, the subject as RFC 2047 encoded words (read back exactly). */
let smtp: TestSmtp;
const before = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  process.env.SMTP_URL = before;
  if (before === undefined) delete process.env.SMTP_URL;
  await smtp.close();
});

/** RFC 2047 encoded words (base64 or quoted-printable, UTF-8) back to text. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
    );
}

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
    const [mail] = smtp.to("zhang.wei@example.com");
    const head = mail!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(head).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    // The raw header is 7-bit (encoded words); decoded it is the subject exactly.
    expect(mail!.subject).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeWords(mail!.subject)).toBe(subject);
    expect(bodyOf(mail!.raw).trim()).toBe(text);
  });
});
