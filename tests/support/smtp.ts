/**
 * A real SMTP server on loopback for tests (smtp-server): records every accepted message and can
 * refuse recipients, temporarily (4xx) or for good (5xx), and slow each message down.
 * Listens on an ephemeral port; `url` is what SMTP_URL should be.
 */
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; subject: string; raw: string; at: number };

export type TestSmtp = {
  url: string;
  messages: ReceivedMail[];
  /** How often RCPT TO was tried per address (lower case). */
  attempts: Map<string, number>;
  /** Decide per RCPT TO (attempt counts from 1): null accepts, a code refuses (e.g. 451, 550). */
  refuse: (address: string, attempt: number) => number | null;
  /** Milliseconds to wait before accepting each message body. */
  delayMs: number;
  /** Messages delivered to an address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
};

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const m = /^Subject: ?(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return m ? m[1]!.replace(/\r?\n[ \t]/g, " ").trim() : "";
}

/** The plain-text body of a raw message (base64 or quoted-printable, UTF-8) as text. */
export function textBodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    return Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
  }
  return body;
}

/** The text/plain part of a received message (multipart or not), decoded (base64 or quoted-printable, UTF-8). */
export function plainTextOf(raw: string): string {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /content-type: text\/plain/i.test(p)) ?? raw;
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n").replace(/\r?\n--[^\r\n]*--\s*$/, "");
  if (/content-transfer-encoding: base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding: quoted-printable/i.test(head!))
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}

/** The first message delivered to `address`, waiting up to `tries` × 100 ms for it. */
export async function firstMailTo(server: TestSmtp, address: string, tries = 50): Promise<ReceivedMail> {
  for (let i = 0; i < tries && server.to(address).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  return server.to(address)[0]!;
}

/** `port`: a fixed port (default: any free one); `onMessage`: called with each accepted message. */
export async function startTestSmtp(options: { port?: number; onMessage?: (mail: ReceivedMail) => void } = {}): Promise<TestSmtp> {
  const state = {
    messages: [] as ReceivedMail[],
    attempts: new Map<string, number>(),
    refuse: (() => null) as TestSmtp["refuse"],
    delayMs: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const addr = address.address.toLowerCase();
      const attempt = (state.attempts.get(addr) ?? 0) + 1;
      state.attempts.set(addr, attempt);
      const code = state.refuse(addr, attempt);
      if (code !== null) {
        const err = new Error(code >= 500 ? `Mailbox ${addr} unavailable` : `Try ${addr} again later`) as Error & { responseCode: number };
        err.responseCode = code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const finish = () => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: subjectOf(raw),
            raw,
            at: Date.now(),
          };
          state.messages.push(mail);
          options.onMessage?.(mail);
          callback();
        };
        if (state.delayMs > 0) setTimeout(finish, state.delayMs);
        else finish();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  const smtp: TestSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    messages: state.messages,
    attempts: state.attempts,
    get refuse() {
      return state.refuse;
    },
    set refuse(fn) {
      state.refuse = fn;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms) {
      state.delayMs = ms;
    },
    to: (address) => state.messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return smtp;
}

/** RFC 2047 encoded words (base64 or quoted-printable, UTF-8) of a header back to text. */
export function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
    );
}

/**
 * A test SMTP server for the file's tests, with SMTP_URL pointing at it and put back afterwards (register in the
 * file's top level: `const smtp = useTestSmtp(beforeAll, afterAll)`; read `smtp.server` inside tests).
 */
export function useTestSmtp(before: (fn: () => Promise<void>) => void, after: (fn: () => Promise<void>) => void): { server: TestSmtp } {
  const holder = {} as { server: TestSmtp };
  const previous = process.env.SMTP_URL;
  before(async () => {
    holder.server = await startTestSmtp();
    process.env.SMTP_URL = holder.server.url;
  });
  after(async () => {
    if (previous === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previous;
    await holder.server.close();
  });
  return holder;
}
