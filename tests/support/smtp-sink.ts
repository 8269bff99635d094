/**
 * The browser suite's mail sink (playwright.config.ts starts it beside the app, whose SMTP_URL points here): a real
 * SMTP server on loopback (tests/support/smtp.ts) that writes each accepted message as one JSON file into
 * SMTP_SINK_DIR, which tests/e2e/mail-sink.ts reads. Run: `npx tsx tests/support/smtp-sink.ts`.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestSmtp } from "./smtp";

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.SMTP_SINK_DIR;
if (!Number.isInteger(port) || port <= 0 || !dir) throw new Error("SMTP_SINK_PORT and SMTP_SINK_DIR are required");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let count = 0;
await startTestSmtp({
  port,
  onMessage(mail) {
    count += 1;
    writeFileSync(join(dir, `${String(count).padStart(6, "0")}.json`), JSON.stringify(mail));
  },
});
console.log(`smtp sink on 127.0.0.1:${port}, messages in ${dir}`);
