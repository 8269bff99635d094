import nodemailer, { type Transporter } from "nodemailer";

/**
 * Outgoing email over SMTP (nodemailer). Sending is on when env SMTP_URL is set
 * (e.g. smtp://user:pass@mail.example.com:587 or smtps://...:465); SMTP_FROM is the sender
 * (default "PMR <no-reply@localhost>"). Both are read at call time, so tests can set them.
 */

export type MailMessage = { to: string; subject: string; text: string; html?: string };

declare global {
  // eslint-disable-next-line no-var
  var __pmrMailer: { url: string; transport: Transporter } | undefined;
}

export function mailEnabled(): boolean {
  return Boolean(process.env.SMTP_URL);
}

export function mailFrom(): string {
  return process.env.SMTP_FROM || "PMR <no-reply@localhost>";
}

function transport(): Transporter | null {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  if (globalThis.__pmrMailer?.url !== url) {
    globalThis.__pmrMailer?.transport.close();
    globalThis.__pmrMailer = { url, transport: nodemailer.createTransport(url) };
  }
  return globalThis.__pmrMailer.transport;
}

/** Send one message; returns its Message-ID, or null when email is off (no SMTP_URL). Throws on SMTP failure. */
export async function sendMail(message: MailMessage): Promise<string | null> {
  const t = transport();
  if (!t) return null;
  const info = await t.sendMail({ from: mailFrom(), ...message });
  return info.messageId ?? null;
}

/** An app path as an absolute link for emails (APP_URL), or the path itself without it. */
export function absoluteLink(path: string): string {
  const base = process.env.APP_URL;
  return base ? new URL(path, base.endsWith("/") ? base : `${base}/`).toString() : path;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
