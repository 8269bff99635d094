/**
 * The embedded default's database in its own process (issue 27; docs/decisions/0061-embedded-database-in-a-child-process.md):
 * the app process as scripts/start.ts runs it (server/index.ts `startServer` on a PGlite folder, here through
 * tests/support/embedded-app-main.ts) starts the PGlite folder's child process and reaches it over the `pg` protocol.
 *  - the database runs in another process (a child of the app's), which holds the folder;
 *  - a write (a SCIM token made by the command-line tool over the control socket, then a user created over HTTP) and
 *    a read (the user found over HTTP) go through it: while it is stopped (SIGSTOP) the read waits, and the app
 *    still answers what needs no database; once it runs again the read answers;
 *  - a clean stop closes the child and frees the folder, whose data is all there;
 *  - when the child dies, the app says so and exits with code 1 instead of hanging.
 * Needs `npm run build` (the app process loads the production build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/platform/db.server";
import { deployMigrations } from "../../scripts/lib/migrate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-embedded-"));
const dir = path.join(tmp, "pglite");
const databaseUrl = `pglite:${dir}`;

type App = { child: ChildProcess; url: string; pid: number; databasePid: number; exited: Promise<number | null>; stderr: () => string };

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const running: ChildProcess[] = [];

async function startApp(): Promise<App> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/embedded-app-main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: "production",
      APP_ENV: "test",
      // Its in-process worker polls a queue of its own (the test fork's workers poll the usual one).
      TEMPORAL_TASK_QUEUE: `embedded-${process.pid}-${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let out = "";
  let err = "";
  child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = await new Promise<{ url: string; pid: number; databasePid: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start: ${out}\n${err}`)), 120_000);
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /EMBEDDED_APP_READY (\{.*\})/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]!));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The app exited before it was ready: ${out}\n${err}`));
    });
  });
  return { child, ...ready, exited, stderr: () => err };
}

/** The parent's process id and whether it is stopped, from /proc. */
function processState(pid: number): { ppid: number; state: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";

beforeAll(async () => {
  await deployMigrations(databaseUrl);
}, 120_000);

afterAll(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the app on a PGlite folder", () => {
  let app: App;
  const email = `hosted.${Date.now()}@acme.example.com`;

  it("runs the database in a child process of its own", async () => {
    app = await startApp();
    expect(app.databasePid).toBeGreaterThan(0);
    expect(app.databasePid).not.toBe(app.pid);
    expect(processState(app.databasePid)?.ppid).toBe(app.pid);
  }, 150_000);

  it("writes and reads through that process; while it is stopped the read waits and the app still answers", async () => {
    // A write in the app process: the command-line tool sends it over the control socket (the folder is the child's).
    const made = await cli(["scim:token", "--name", "Hosted IdP"]);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const token = made.stdout.trim();
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/scim+json" };
    const created = await fetch(`${app.url}/scim/v2/Users`, {
      method: "POST",
      headers,
      body: JSON.stringify({ schemas: [USER_SCHEMA], userName: email, name: { givenName: "Hosted", familyName: "User" }, emails: [{ value: email, primary: true }], active: true }),
    });
    expect(created.status, await created.clone().text()).toBe(201);

    process.kill(app.databasePid, "SIGSTOP");
    try {
      await expect.poll(() => processState(app.databasePid)?.state, { timeout: 5_000 }).toBe("T");
      let answered = false;
      const read = fetch(`${app.url}/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, { headers }).then((res) => {
        answered = true;
        return res;
      });
      // What needs no database answers at once; the read does not, for the database's process is stopped.
      const started = Date.now();
      const favicon = await fetch(`${app.url}/favicon.ico`);
      expect(favicon.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_500);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(answered).toBe(false);
      process.kill(app.databasePid, "SIGCONT");
      const res = await read;
      expect(res.status).toBe(200);
      const body = (await res.json()) as { totalResults: number; Resources: Array<{ userName: string }> };
      expect(body.totalResults).toBe(1);
      expect(body.Resources[0]!.userName).toBe(email);
    } finally {
      process.kill(app.databasePid, "SIGCONT");
    }
  }, 60_000);

  it("stops cleanly: the child ends and the folder, freed, holds the data", async () => {
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
    expect(processState(app.databasePid)).toBeNull();
    const { db, close } = await createDb(databaseUrl);
    try {
      expect(await db.user.findUnique({ where: { email } })).toMatchObject({ name: "Hosted User", active: true });
      expect(await db.scimToken.count({ where: { name: "Hosted IdP" } })).toBe(1);
    } finally {
      await close();
    }
  }, 60_000);

  it("exits with code 1 and says why when the database's process dies", async () => {
    app = await startApp();
    process.kill(app.databasePid, "SIGKILL");
    expect(await app.exited).toBe(1);
    expect(app.stderr()).toMatch(/The embedded database process \(pid \d+, .*\) ended unexpectedly \(SIGKILL\); the app cannot reach its database and stops/);
  }, 150_000);
});
