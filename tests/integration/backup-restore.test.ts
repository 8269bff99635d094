/**
 * Backup and restore (issue 17 §6, ADR 0046) on the lane's database kind (TEST_DB): a fresh database gets the
 * migrations and data written through the app's API; `npm run db:backup` writes the file (pg_dump -Fc on
 * PostgreSQL, PGlite's data-folder .tar.gz on PGlite); `npm run db:restore` loads it into a fresh database /
 * folder; every table's rows are equal, the migration history is intact (and up to date), the app's API reads the
 * data back from the restored database, and a second restore into the now non-empty database is refused
 * without --force.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, getDb } from "~/platform/db.server";
import { openPGlite } from "~/platform/pglite.server";
import { deployMigrations, migrationStatus } from "../../scripts/lib/migrate";
import { databaseTarget } from "../../scripts/lib/adapters";
import { backupFormat, restoreDatabase } from "../../scripts/lib/backup";
import { bearerFor, createTestUser } from "../support/api";
import { call } from "../support/calibration";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const kind = inject("testDb");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-backup-test-"));
const file = path.join(work, kind === "postgres" ? "backup.dump" : "backup.tar.gz");
const tag = `${process.pid}_${Date.now().toString(36)}`;

/** The server's URL with another database name (PostgreSQL lane). */
function onServer(name: string) {
  const u = new URL(inject("databaseUrl"));
  u.pathname = `/${name}`;
  return u.toString();
}
const src = kind === "postgres" ? onServer(`pmr_backup_src_${tag}`) : `pglite:${path.join(work, "source")}`;
const dst = kind === "postgres" ? onServer(`pmr_backup_dst_${tag}`) : `pglite:${path.join(work, "restored")}`;

async function onAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Point the app's process-wide client (getDb) at another database for a while; returns the way back. */
async function useDatabase(url: string): Promise<() => Promise<void>> {
  const previous = globalThis.__pmrDb;
  const handle = createDb(url);
  globalThis.__pmrDb = handle;
  await handle;
  return async () => {
    globalThis.__pmrDb = previous;
    await (await handle).close();
  };
}

/** Every table of the public schema with its rows (as JSON text, in a fixed order). */
async function tableContents(url: string): Promise<Record<string, string>> {
  const tablesSql = `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  const rowsSql = (t: string) => `SELECT coalesce(json_agg(x ORDER BY x::text), '[]')::text AS j FROM "${t}" x`;
  const out: Record<string, string> = {};
  if (url.startsWith("pglite:")) {
    const db = await openPGlite(url.slice("pglite:".length));
    try {
      for (const { t } of (await db.query<{ t: string }>(tablesSql)).rows) out[t] = (await db.query<{ j: string }>(rowsSql(t))).rows[0]!.j;
    } finally {
      await db.close();
    }
    return out;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const { t } of (await client.query<{ t: string }>(tablesSql)).rows) out[t] = (await client.query<{ j: string }>(rowsSql(t))).rows[0]!.j;
  } finally {
    await client.end();
  }
  return out;
}

function npm(script: "db:backup" | "db:restore", url: string, ...args: string[]) {
  return run("npx", ["tsx", path.join(ROOT, "scripts/backup.ts"), script === "db:backup" ? "backup" : "restore", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
  });
}

describe(`backup and restore (${kind})`, () => {
  let restore: (() => Promise<void>) | undefined;
  let before: Record<string, string> = {};
  const written = { users: [] as Array<{ id: number; email: string; name: string }>, feedbackId: 0, body: "Clear write-ups for the on-call rota; thank you." };

  beforeAll(async () => {
    if (kind === "postgres") await onAdmin(async (c) => { await c.query(`CREATE DATABASE pmr_backup_src_${tag}`); await c.query(`CREATE DATABASE pmr_backup_dst_${tag}`); });
    await deployMigrations(src);
    // Data written through the app (its API and services) into the source database, then the app lets go of it.
    restore = await useDatabase(src);
    const M = await createTestUser({ name: "Backup Manager" });
    const A = await createTestUser({ name: "Backup Alice", managerId: M.id });
    const B = await createTestUser({ name: "Backup Bob", managerId: M.id });
    written.users = [M, A, B];
    const [tokA, tokB] = [await bearerFor(A.id), await bearerFor(B.id)];
    const given = await call("POST", "/api/v1/realtime_feedbacks", { token: tokA, body: { reviewee_email: B.email, body: written.body } });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    written.feedbackId = given.body.realtime_feedback.id;
    expect((await call("PATCH", `/api/v1/realtime_feedbacks/${written.feedbackId}/update_has_been_viewed_by_reviewee`, { token: tokB })).status).toBe(200);
    const db = await getDb();
    expect(await db.auditRecord.count({ where: { entityType: "RealtimeFeedback", entityId: String(written.feedbackId) } })).toBe(2);
    await restore();
    restore = undefined;
  });

  afterAll(async () => {
    await restore?.();
    if (kind === "postgres")
      await onAdmin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS pmr_backup_src_${tag} WITH (FORCE)`);
        await c.query(`DROP DATABASE IF EXISTS pmr_backup_dst_${tag} WITH (FORCE)`);
      });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("npm run db:backup writes the file, npm run db:restore loads it into a fresh database", async () => {
    const backup = await npm("db:backup", src, file);
    expect(backup.stdout).toContain(`to ${file}`);
    expect(backupFormat(file)).toBe(kind === "postgres" ? "pg_dump" : "pglite");
    const restored = await npm("db:restore", dst, file);
    expect(restored.stdout).toMatch(/Restored .* \d+ migrations in its history/);
  });

  it("every table's rows are equal, the migration history included", async () => {
    before = await tableContents(src);
    const after = await tableContents(dst);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(Object.keys(after)).toContain("_prisma_migrations");
    for (const table of Object.keys(before)) expect(after[table], table).toBe(before[table]);
    expect(JSON.parse(after.User!).length).toBe(3);
    expect(JSON.parse(after._prisma_migrations!).length).toBeGreaterThan(0);
    expect((await migrationStatus(dst)).upToDate).toBe(true);
  });

  it("the app's API reads the restored data (the search's trigram index included)", async () => {
    restore = await useDatabase(dst);
    const [M, A, B] = [written.users[0]!, written.users[1]!, written.users[2]!];
    const tokB = await bearerFor(B.id);
    const received = await call("GET", "/api/v1/realtime_feedbacks/received", { token: tokB });
    expect(received.status).toBe(200);
    expect(received.body.realtime_feedbacks).toEqual([expect.objectContaining({ id: written.feedbackId, body: written.body, reviewer: expect.objectContaining({ email: A.email }) })]);
    const tokM = await bearerFor(M.id);
    const team = await call("GET", "/api/v1/realtime_feedbacks/direct_reports_feedbacks", { token: tokM });
    expect(team.body.realtime_feedbacks.map((f: { id: number }) => f.id)).toEqual([written.feedbackId]);
    const found = await call("GET", `/api/v1/users?q=${encodeURIComponent("Backup Ali")}`, { token: tokM });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(JSON.stringify(found.body)).toContain(A.email);
    await restore();
    restore = undefined;
  });

  it("refuses to restore over a database that is not empty without --force, and replaces it with --force", async () => {
    const target = databaseTarget(dst);
    await expect(restoreDatabase(file, { target })).rejects.toThrow(/is not empty.*restore into a new .*pass --force/);
    // --force: what was added since is gone, the backup's rows are back.
    restore = await useDatabase(dst);
    await createTestUser({ name: "Backup Latecomer" });
    expect(await (await getDb()).user.count()).toBe(4);
    await restore();
    restore = undefined;
    const forced = await restoreDatabase(file, { target, force: true });
    expect(forced.status.upToDate).toBe(true);
    expect(await tableContents(dst)).toEqual(before);
  });
});
