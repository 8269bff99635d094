/**
 * API fuzzing (issue 17 §2, docs/decisions/0043-api-fuzzing.md): Schemathesis (scripts/setup.sh installs it into
 * .tools/schemathesis) runs against /api/v1/openapi.json of the production build, served by the web process's real
 * Express app (server/index.ts createWebApp) on the seeded demo company, one run per role with that role's bearer
 * token over the operations that are for that role (tests/fuzz/fuzz-config.ts ROLE_OF_PATH). Checks: no 5xx, every answer's status, content type and body match the document, bad input is refused
 * with a 4xx, and every 4xx is in the error format { "error": { "code", "message", "details" } }
 * (tests/fuzz/schemathesis_hooks.py). Bounded: a fixed number of cases per operation (and a safety stop per run).
 *
 * Its own vitest project ("fuzz", a fresh database of its own: the demo seed needs an empty one, and what the fuzzer
 * writes must not reach other test files); scripts/test.sh runs it once, after the PGlite integration files.
 * Needs `npm run build`. By hand: `npx vitest run --project fuzz` (FUZZ_ROLES=employee,manager to narrow it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import pLimit from "p-limit";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDb } from "~/platform/db.server";
import { startLocalSignIn } from "../../server/index";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { DEMO_USERS, seedDemoData } from "../../prisma/seed";
import { bearerFor } from "../support/api";
import { startTestWorker } from "../support/worker";
import { fuzzConfig, MAX_SECONDS_PER_RUN, operationsByRole, REVOKING_OPERATIONS, ROLE_NAMES, summarise, type FuzzTotals, type RoleName } from "./fuzz-config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const st = path.join(root, ".tools/schemathesis/bin/st");

/** The demo user of each role (prisma/seed.ts). */
const USER_OF_ROLE: Record<RoleName, string> = {
  employee: DEMO_USERS.employee, // also an endorser
  manager: DEMO_USERS.manager, // also a panelist
  hr_partner: DEMO_USERS.peoplePartner,
  hr_ops: DEMO_USERS.hrOps, // the sessions' admin
  sign_off: DEMO_USERS.ceo,
  super_admin: DEMO_USERS.superAdmin,
};

let served: ServedApp | undefined;
let url: string;
let workDir: string;
let stopWorker: () => Promise<void>;
let signIn: { close: () => Promise<void> } | undefined;
const tokens = new Map<RoleName, string>();
/** Operations per Schemathesis run at most. */
const RUN_SIZE = 55;

beforeAll(async () => {
  if (!fs.existsSync(st)) throw new Error("Schemathesis is not installed: run `bash scripts/setup.sh`");
  const db = await getDb();
  expect(await seedDemoData(db), "the fuzz database starts empty").toBe(true);
  stopWorker = (await startTestWorker()).stop;
  const loaded = await loadProductionBuild("tests/fuzz/api-fuzz.test.ts");
  await loaded.boot.ensureWorkflows();
  // The sign-in paths (POST /api/v1/tokens, /api/v1/lark/access_token) talk to the local provider, as in development.
  signIn = await startLocalSignIn(loaded.boot, 0);
  // The fuzzer sends thousands of requests from one address: the rate limits (ADR 0041) must not answer 429.
  const limits = { RATE_LIMIT_SIGN_IN: 1_000_000, RATE_LIMIT_TOKENS: 1_000_000, RATE_LIMIT_UPLOADS: 1_000_000 };
  served = await serveWebApp(loaded, { overrides: limits });
  url = served.url;
  for (const role of ROLE_NAMES) {
    const user = await db.user.findUniqueOrThrow({ where: { email: USER_OF_ROLE[role] } });
    tokens.set(role, await bearerFor(user.id));
  }
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-api-fuzz-"));
});

afterAll(async () => {
  await served?.close();
  await signIn?.close();
  await stopWorker?.();
  // FUZZ_KEEP=1 keeps each role's config, Schemathesis output and event log (printed path) for a look by hand.
  if (workDir && process.env.FUZZ_KEEP) console.log(`api fuzz: runs kept in ${workDir}`);
  else if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** Runs `st run` (stopped after MAX_SECONDS_PER_RUN); resolves with its exit code, output and NDJSON event log. */
function runSchemathesis(role: string, configFile: string): Promise<{ code: number; output: string; events: string }> {
  const events = path.join(workDir, `${role}.ndjson`);
  const args = ["--config-file", configFile, "run", `${url}/api/v1/openapi.json`, "--report", "ndjson", "--report-ndjson-path", events, "--no-color"];
  return new Promise((resolve, reject) => {
    const child = spawn(st, args, {
      cwd: workDir, // Hypothesis' .hypothesis folder goes there, not into the work tree
      env: { ...process.env, SCHEMATHESIS_HOOKS: "schemathesis_hooks", PYTHONPATH: path.join(root, "tests/fuzz") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const stop = setTimeout(() => {
      output += `\n[api fuzz] stopped after ${MAX_SECONDS_PER_RUN} s\n`;
      child.kill("SIGTERM");
    }, MAX_SECONDS_PER_RUN * 1000);
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(stop);
      fs.writeFileSync(path.join(workDir, `${role}.log`), output);
      resolve({ code: code ?? 1, output, events });
    });
  });
}

describe("API fuzzing (Schemathesis)", () => {
  it("finds no 5xx and no answer outside the contract, for every role", { timeout: 1_200_000 }, async () => {
    const doc = (await (await fetch(`${url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const byRole = operationsByRole(doc);
    const wanted = (process.env.FUZZ_ROLES ?? ROLE_NAMES.join(",")).split(",").map((r) => r.trim()) as RoleName[];
    // Each role's operations; those that end the caller's own token, or another role's, last, in runs of their own.
    // A role with many operations is split into runs of at most RUN_SIZE, so that the two runs at a time end together.
    const runs: Array<{ role: RoleName; name: string; operations: string[] }> = wanted.flatMap((role) => {
      const operations = byRole.get(role)!.filter((op) => !REVOKING_OPERATIONS.includes(op));
      const parts = Math.ceil(operations.length / RUN_SIZE);
      const size = Math.ceil(operations.length / parts);
      return Array.from({ length: parts }, (_, i) => ({
        role,
        name: parts > 1 ? `${role}-${i + 1}` : role,
        operations: operations.slice(i * size, (i + 1) * size),
      }));
    });
    // The revoking operations of each role in a run of their own, the super admin's last (deactivating or changing
    // the role of a user ends that user's tokens: the other roles' runs must be over by then).
    for (const role of [...wanted.filter((r) => r !== "super_admin"), ...wanted.filter((r) => r === "super_admin")]) {
      const operations = byRole.get(role)!.filter((op) => REVOKING_OPERATIONS.includes(op));
      if (operations.length) runs.push({ role, name: `${role}-revoking`, operations });
    }
    const db = await getDb();
    const totals: FuzzTotals = { operations: new Set(), cases: 0, serverErrors: 0, failures: 0, lines: [] };
    const started = Date.now();
    // Two runs at a time (Schemathesis is one Python process on one core); the revoking run after all the others.
    const fuzz = async ({ role, name, operations }: (typeof runs)[number]) => {
      const token = tokens.get(role);
      if (!token) throw new Error(`Unknown role ${role}`);
      const configFile = path.join(workDir, `${name}.toml`);
      fs.writeFileSync(configFile, await fuzzConfig(db, token, operations));
      const run = await runSchemathesis(name, configFile);
      const summary = summarise(name, run.events);
      for (const op of summary.operations) totals.operations.add(op);
      totals.cases += summary.cases;
      totals.serverErrors += summary.serverErrors;
      totals.failures += summary.failures;
      totals.lines.push(...summary.lines);
      if (run.code !== 0 && summary.lines.length === 0) {
        throw new Error(`Schemathesis (${name}) exited ${run.code} without a recorded failure:\n${run.output.slice(-4000)}`);
      }
    };
    const limit = pLimit(Number(process.env.FUZZ_PARALLEL) || 2);
    const revoking = runs.filter((r) => r.name.endsWith("-revoking"));
    const longestFirst = runs.filter((r) => !revoking.includes(r)).sort((a, b) => b.operations.length - a.operations.length);
    await Promise.all(longestFirst.map((r) => limit(() => fuzz(r))));
    for (const r of revoking) await fuzz(r);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`api fuzz: ${totals.operations.size} operations, ${totals.cases} cases, 5xx: ${totals.serverErrors}, failures: ${totals.failures} (${runs.length} runs, ${seconds} s)`);
    for (const line of totals.lines) console.log(`  ${line}`);
    // Every operation of the document was fuzzed (by the role it is for), but the document itself (Schemathesis
    // reads it and leaves it out).
    const expected = runs.flatMap((r) => r.operations).filter((op) => op !== "GET /api/v1/openapi.json");
    expect(expected.filter((op) => !totals.operations.has(op))).toEqual([]);
    expect(totals.operations.size).toBeGreaterThan(wanted.length === ROLE_NAMES.length ? 200 : 0);
    expect(totals.serverErrors).toBe(0);
    expect(totals.failures).toBe(0);
  });
});
