import fs from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real app:
 * scripts/start.ts with its own data folder, Temporal dev server, worker and local sign-in.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 5710);
const dataDir = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
const TEMPORAL_PORT = Number(process.env.E2E_TEMPORAL_PORT ?? 7410);
/** The mail sink beside the app (tests/support/smtp-sink.ts): the app's SMTP_URL, one JSON file a message here. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 3300);
export const MAIL_DIR = `${dataDir}-mail`;
/** Debian's package chromium-headless-shell (Chromium's "old" headless mode, one binary without the browser's UI). */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export default defineConfig({
  testDir: "tests/e2e",
  // Each shard of scripts/test.sh keeps its own traces and screenshots (a run empties its output folder first).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  // Each test also scans the pages it opens for accessibility (tests/e2e/axe.ts).
  timeout: 90_000,
  // A page's answer may wait on a Temporal round trip (a workflow update running an activity); on a CI machine whose
  // two cores are shared by four lanes that took more than 10 s once (a refused session activation).
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The browser asks for reduced motion, as a person may (ADR 0047, back with ADR 0056: a closing dialog or menu
    // can no longer leave a layer that takes the page's clicks).
    contextOptions: { reducedMotion: "reduce" },
    // A failed test keeps its trace (actions, DOM snapshots, network); the screencast of every action is left out:
    // recording it for every passing test cost a fifth of the browser suite's CPU (docs/bench/ci-time.md). The whole
    // suite (scripts/test.sh) records none (E2E_TRACE=off, ADR 0119): the DOM snapshots of every action cost about a
    // quarter of the browser and runner's CPU; a failure still leaves its screenshot and error context (the page's
    // accessibility snapshot), and a local run of a spec keeps the trace.
    trace: process.env.E2E_TRACE === "off" ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium: its headless shell when installed (scripts/setup.sh; half the CPU of the full browser,
      // ADR 0049), else the browser itself.
      executablePath: fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // Analytics runs in the suite (GA_GTAG_ID below): its script host resolves to nothing, nothing is sent.
        "--host-resolver-rules=MAP www.googletagmanager.com ~NOTFOUND",
      ],
    },
  },
  webServer: [
    {
      command: "npx tsx tests/support/smtp-sink.ts",
      port: SMTP_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_DIR: MAIL_DIR },
    },
    {
      command: `rm -rf ${dataDir} && npx tsx scripts/start.ts`,
      url: `http://127.0.0.1:${PORT}/api/v1/config`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        TEMPORAL_PORT: String(TEMPORAL_PORT),
        TEMPORAL_UI_PORT: String(TEMPORAL_PORT + 1000),
        DEV_OIDC_PORT: String(E2E_OIDC_PORT),
        APP_ENV: "test",
        // Analytics on, as in production with GA configured (ADR 0035; tests/e2e/analytics.spec.ts).
        GA_GTAG_ID: "G-E2ETEST",
        // Email on, into the sink above (tests/e2e/mail-sink.ts reads what was sent).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
    },
  ],
});
