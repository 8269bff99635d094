import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";
import { MAIL_DIR } from "../../playwright.config";
import type { ReceivedMail } from "../support/smtp";

/** An email the app sent during the browser suite, as the sink received it (tests/support/smtp-sink.ts), decoded. */
export type SentMail = { to: string[]; subject: string; text: string; html: string };

/** Every email sent to `address` so far, oldest first, parsed as a mail client would (mailparser). */
export async function mailsTo(address: string): Promise<SentMail[]> {
  if (!existsSync(MAIL_DIR)) return [];
  const received = readdirSync(MAIL_DIR)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), "utf8")) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
  return Promise.all(
    received.map(async (mail) => {
      const parsed = await simpleParser(mail.raw);
      return { to: mail.to, subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "" };
    }),
  );
}

/** Waits for the first email to `address` whose subject is `subject` (exactly, or matching), and gives it. */
export async function expectMail(address: string, subject: string | RegExp): Promise<SentMail> {
  const matches = (mail: SentMail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject));
  await expect.poll(async () => (await mailsTo(address)).some(matches), { message: `an email to ${address}`, timeout: 30_000 }).toBe(true);
  return (await mailsTo(address)).find(matches)!;
}
