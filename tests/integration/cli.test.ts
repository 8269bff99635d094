/**
 * The command-line tools (docs/decisions/0055-command-line-tools.md): `users:add-admin` and `scim:token`, run as a
 * person runs them (scripts/cli.ts in a child process), on a PGlite folder nobody has open (the command runs in the
 * child) and while an app owns the database (the command goes over the control socket and runs in that process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, getDb } from "~/platform/db.server";
import { runCliCommand } from "~/entry.cli.server";
import { startControlSocket } from "../../server/control";
import { deployMigrations } from "../../scripts/lib/migrate";

const root = path.resolve(__dirname, "../..");

function cli(args: string[], databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-cli-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("on a PGlite folder no app has open", () => {
  const dir = path.join(tmp, "pglite");
  const url = `pglite:${dir}`;
  beforeAll(async () => {
    await deployMigrations(url);
  });

  it("creates the first super admin, audited as the system, and promotes an existing user on a second call", async () => {
    const first = await cli(["users:add-admin", "Root.Admin@Acme.test", "Root Admin"], url);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Created super admin Root Admin <root.admin@acme.test>/);
    const again = await cli(["users:add-admin", "root.admin@acme.test", "Root Admin"], url);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Updated super admin/);

    const { db, close } = await createDb(url);
    try {
      const users = await db.user.findMany();
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ email: "root.admin@acme.test", name: "Root Admin", role: "SUPER_ADMIN", active: true });
      const audit = await db.auditRecord.findFirst({ where: { action: "user.create", entityId: String(users[0]!.id) } });
      expect(audit).toMatchObject({ actorId: null, realActorId: null, source: "system", actorLabel: "command line: users:add-admin" });
    } finally {
      await close();
    }
  });

  it("refuses a malformed email with exit code 2 and a clear message, writing nothing", async () => {
    const bad = await cli(["users:add-admin", "not-an-email", "Somebody"], url);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/email "not-an-email" is not a valid email address/);
    const noName = await cli(["users:add-admin", "x@acme.test"], url);
    expect(noName.code).toBe(2);
    expect(noName.stderr).toMatch(/name .*required/i);
    const { db, close } = await createDb(url);
    try {
      expect(await db.user.count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("scim:token prints a new token on standard output and nothing else", async () => {
    const out = await cli(["scim:token", "--name", "Okta"], url);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^\S+\n$/);
    const { db, close } = await createDb(url);
    try {
      const tokens = await db.scimToken.findMany();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.name).toBe("Okta");
      expect(out.stdout.trim().startsWith(tokens[0]!.prefix)).toBe(true);
      expect(tokens[0]!.tokenHash).not.toContain(out.stdout.trim());
    } finally {
      await close();
    }
  });
});

describe("while an app owns the database", () => {
  // The app's side: this process (with the test database open) listens on the control socket of a data folder's
  // path, as the app on the embedded default does (server/index.ts). The tool finds the socket and sends the command.
  const dir = path.join(tmp, "app-data");
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startControlSocket(dir, runCliCommand);
  });
  afterAll(() => stop());

  it("runs the command in the app's process", async () => {
    const email = `cli.${Date.now()}@acme.test`;
    const out = await cli(["users:add-admin", email, "Socket Admin"], `pglite:${dir}`);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const user = await (await getDb()).user.findUnique({ where: { email } });
    expect(user).toMatchObject({ role: "SUPER_ADMIN", active: true, name: "Socket Admin" });
    // The folder itself was never opened by the tool: it does not exist.
    expect(fs.existsSync(dir)).toBe(false);

    const bad = await cli(["users:add-admin", "bad@", "X"], `pglite:${dir}`);
    expect(bad.code).toBe(2);
    const token = await cli(["scim:token", "--name", "Entra ID"], `pglite:${dir}`);
    expect(token.code).toBe(0);
    const row = await (await getDb()).scimToken.findFirst({ where: { name: "Entra ID" } });
    expect(token.stdout.trim().startsWith(row!.prefix)).toBe(true);
  });

  it("re-activates and promotes a deactivated user", async () => {
    const db = await getDb();
    const email = `gone.${Date.now()}@acme.test`;
    await db.user.create({ data: { email, name: "Gone Gwen", role: "EMPLOYEE", active: false, deactivatedAt: new Date() } });
    const out = await cli(["users:add-admin", email, "Gone Gwen"], `pglite:${dir}`);
    expect(out.code).toBe(0);
    expect(await db.user.findUnique({ where: { email } })).toMatchObject({ role: "SUPER_ADMIN", active: true, deactivatedAt: null });
  });
});
