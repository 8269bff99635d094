/**
 * The same request sent twice changes state once (issue 17 §3; docs/decisions/0045-idempotency-and-scale-out.md),
 * through the web process's real Express app (server/index.ts `createWebApp`) serving the production build:
 * - /api/v1 mutations with an Idempotency-Key: a retry replays the first answer without running again, the same
 *   key with another request answers 422, a retry while the first runs 409, and an expired key runs again;
 * - a page form submitted twice at once (a double click): one row, one audit record, both answered.
 *
 * Needs `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { requestHash, RUNNING_STALE_MS } from "~/platform/idempotency";
import { createCycle } from "~/features/cycles/workflow.server";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { bearerFor, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";
import { testDbKind } from "../support/db";
import { until } from "../support/wait";


let served: ServedApp;
let base: string;
let giver: User;
let reviewee: User;
let token: string;

beforeAll(async () => {
  served = await serveWebApp(await loadProductionBuild("tests/integration/idempotency.test.ts"));
  base = served.url;
  giver = await createTestUser({ name: "Idem Giver" });
  reviewee = await createTestUser({ name: "Idem Reviewee" });
  token = await bearerFor(giver.id);
});

afterAll(async () => {
  await served?.close();
});

const FEEDBACKS = "/api/v1/realtime_feedbacks";

function give(key: string | null, body: string, as = token) {
  const headers: Record<string, string> = { Authorization: `Bearer ${as}`, "Content-Type": "application/json" };
  if (key !== null) headers["Idempotency-Key"] = key;
  return fetch(`${base}${FEEDBACKS}`, { method: "POST", headers, body: JSON.stringify({ reviewee_email: reviewee.email, body }) });
}

async function feedbackCount(body: string): Promise<number> {
  const db = await getDb();
  return db.realtimeFeedback.count({ where: { reviewerId: giver.id, body } });
}

async function auditCount(ids: number[]): Promise<number> {
  const db = await getDb();
  return db.auditRecord.count({ where: { action: "realtime_feedback.create", entityType: "RealtimeFeedback", entityId: { in: ids.map(String) } } });
}

describe("Idempotency-Key on /api/v1 mutations", () => {
  it("replays the first answer to a retry with the same key and request: one row, one audit record", async () => {
    const key = randomUUID();
    const text = `replayed ${key}`;
    const first = await give(key, text);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.json();
    const again = await give(key, text);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(await again.json()).toEqual(firstBody);
    expect(await feedbackCount(text)).toBe(1);
    expect(await auditCount([firstBody.realtime_feedback.id])).toBe(1);
    // Without a key, the same request runs again (the header is what makes a retry a retry).
    expect((await give(null, text)).status).toBe(201);
    expect(await feedbackCount(text)).toBe(2);
  });

  it("keys belong to their user: another user's request under the same key runs as its own", async () => {
    const other = await createTestUser({ name: "Idem Other" });
    const key = randomUUID();
    const text = `two users ${key}`;
    expect((await give(key, text)).status).toBe(201);
    const theirs = await give(key, text, await bearerFor(other.id));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 422 in the error format when the same key comes with another request, and changes nothing", async () => {
    const key = randomUUID();
    expect((await give(key, `first ${key}`)).status).toBe(201);
    const reused = await give(key, `second ${key}`);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ error: { code: "idempotency_key_reused", message: expect.any(String) } });
    expect(await feedbackCount(`second ${key}`)).toBe(0);
  });

  it("answers 409 to a retry while the first request still runs; a claim left by a dead process is taken over", async () => {
    const db = await getDb();
    const key = randomUUID();
    const text = `running ${key}`;
    const body = new TextEncoder().encode(JSON.stringify({ reviewee_email: reviewee.email, body: text }));
    // The first request's claim, as it is while its handler runs (its answer not stored yet).
    const claim = await db.idempotentRequest.create({
      data: { userId: giver.id, key, requestHash: requestHash("POST", FEEDBACKS, "application/json", body), expiresAt: new Date(Date.now() + 60_000) },
    });
    const retry = await give(key, text);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: { code: "conflict", details: { key } } });
    expect(await feedbackCount(text)).toBe(0);
    // The same claim from a process that died long ago: the retry takes it over and runs, once.
    await db.idempotentRequest.update({ where: { id: claim.id }, data: { createdAt: new Date(Date.now() - RUNNING_STALE_MS - 1000) } });
    const taken = await give(key, text);
    expect(taken.status).toBe(201);
    expect((await give(key, text)).headers.get("idempotent-replayed")).toBe("true");
    expect(await feedbackCount(text)).toBe(1);
  });

  it.skipIf(testDbKind() !== "postgres")("answers 409 to a retry while the first really runs (held on a row lock), then the first's answer", async () => {
    const db = await getDb();
    const key = randomUUID();
    const text = `held ${key}`;
    let unlock!: () => void;
    const held = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The reviewee's row locked FOR UPDATE: the first request's insert (its foreign key) waits for it.
    const lock = db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${reviewee.id} FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 60_000 },
    );
    await isLocked;
    const first = give(key, text);
    await until("the first request to claim its key", () => db.idempotentRequest.findUnique({ where: { userId_key: { userId: giver.id, key } } }));
    const retry = await give(key, text);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: { code: "conflict" } });
    unlock();
    await lock;
    expect((await first).status).toBe(201);
    const replayed = await give(key, text);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await feedbackCount(text)).toBe(1);
  });

  it("two requests with one key at the same moment: one runs, the other is refused (409) or replayed", async () => {
    const key = randomUUID();
    const text = `racing ${key}`;
    const answers = await Promise.all([give(key, text), give(key, text), give(key, text)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && !a.headers.get("idempotent-replayed")).length).toBe(1);
    expect(await feedbackCount(text)).toBe(1);
  });

  it("runs again once the key has expired (24 h)", async () => {
    const db = await getDb();
    const key = randomUUID();
    const text = `expiring ${key}`;
    expect((await give(key, text)).status).toBe(201);
    const row = await db.idempotentRequest.findUniqueOrThrow({ where: { userId_key: { userId: giver.id, key } } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000 - 1000);
    await db.idempotentRequest.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const after = await give(key, text);
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect(await feedbackCount(text)).toBe(2);
  });

  it("refuses an unusable key with 400, and leaves failed requests (4xx stored, 401 unclaimed) as they are", async () => {
    const bad = await give("x".repeat(256), "too long a key");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_idempotency_key" } });
    const key = randomUUID();
    const invalid = await fetch(`${base}${FEEDBACKS}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({ reviewee_email: reviewee.email, body: "" }),
    });
    expect(invalid.status).toBe(400);
    const db = await getDb();
    expect((await db.idempotentRequest.findUniqueOrThrow({ where: { userId_key: { userId: giver.id, key } } })).status).toBe(400);
    const anonymous = await fetch(`${base}${FEEDBACKS}`, { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key }, body: "{}" });
    expect(anonymous.status).toBe(401);
  });

  it("a multipart upload retried with a new boundary is the same request (replayed, one job)", async () => {
    const admin = await createTestUser({ role: "SUPER_ADMIN", name: "Idem Admin" });
    const adminToken = await bearerFor(admin.id);
    const cycle = await createCycle({ userId: admin.id, realUserId: admin.id, source: "api" }, { name: `Idem ${randomUUID().slice(0, 8)}`, max_peers: 5 });
    const url = `${base}/api/v1/admin/cycles/${cycle.id}/upload_participant_jobs`;
    const key = randomUUID();
    const upload = () => {
      const form = new FormData();
      form.set("error_mode", "all_or_nothing");
      form.set("file", new Blob([`email,manager_email\n${reviewee.email},\n`], { type: "text/csv" }), "participants.csv");
      return fetch(url, { method: "POST", headers: { Authorization: `Bearer ${adminToken}`, "Idempotency-Key": key }, body: form });
    };
    const first = await upload();
    expect(first.status).toBe(202);
    const again = await upload();
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const db = await getDb();
    expect(await db.job.count({ where: { cycleId: cycle.id, type: "UPLOAD_PARTICIPANTS" } })).toBe(1);
  });

  it("is declared in the OpenAPI document on every mutation", async () => {
    const doc = await (await fetch(`${base}/api/v1/openapi.json`)).json();
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: "Idempotency-Key", in: "header", required: false });
    let mutations = 0;
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: Array<{ $ref?: string }>; responses: Record<string, unknown> }>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (!["post", "put", "patch", "delete"].includes(method)) continue;
        mutations++;
        expect(op.parameters?.some((x) => x.$ref === "#/components/parameters/IdempotencyKey"), `${method} ${p}`).toBe(true);
        expect(op.responses["422"], `${method} ${p}`).toBeDefined();
      }
    }
    expect(mutations).toBeGreaterThan(20);
  });
});

describe("a page form submitted twice at once (double click)", () => {
  it("creates one row and one audit record; both submissions get the answer", async () => {
    const cookie = await sessionCookieFor(giver.id);
    const text = `double click ${randomUUID()}`;
    const submit = () =>
      fetch(`${base}/app/anytime-feedback.data`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "give", reviewee_email: reviewee.email, body: text }).toString(),
      });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((r) => r.text()));
    expect(a).toBe(b);
    // The action answers the toast as a key with values (issue 28; the page shows "Feedback sent to …").
    expect(a).toContain("anytime.result.sent");
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true").length).toBe(1);
    expect(await feedbackCount(text)).toBe(1);
    const db = await getDb();
    const rows = await db.realtimeFeedback.findMany({ where: { reviewerId: giver.id, body: text }, select: { id: true } });
    expect(await auditCount(rows.map((r) => r.id))).toBe(1);
  });

  it("only the same submission twice in a row is one: A, B, A within seconds runs A twice", async () => {
    const cookie = await sessionCookieFor(giver.id);
    const [x, y] = [`first ${randomUUID()}`, `other ${randomUUID()}`];
    const submit = (text: string) =>
      fetch(`${base}/app/anytime-feedback.data`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "give", reviewee_email: reviewee.email, body: text }).toString(),
      });
    for (const text of [x, y, x]) expect((await submit(text)).headers.get("idempotent-replayed")).toBeNull();
    expect(await feedbackCount(x)).toBe(2);
    expect(await feedbackCount(y)).toBe(1);
  });

  it("a refused submission (4xx) is not kept: the same form sent again once the state has changed runs", async () => {
    const db = await getDb();
    const cookie = await sessionCookieFor(giver.id);
    const away = await createTestUser({ name: "Idem Away" });
    await db.user.update({ where: { id: away.id }, data: { active: false } });
    const text = `after a refusal ${randomUUID()}`;
    const submit = () =>
      fetch(`${base}/app/anytime-feedback.data`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "give", reviewee_email: away.email, body: text }).toString(),
      });
    const refused = await submit();
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    await db.user.update({ where: { id: away.id }, data: { active: true } });
    const again = await submit();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await feedbackCount(text)).toBe(1);
  });

  it("a second submission of the same form after the repeat window runs again", async () => {
    const db = await getDb();
    const cookie = await sessionCookieFor(giver.id);
    const text = `twice on purpose ${randomUUID()}`;
    const submit = () =>
      fetch(`${base}/app/anytime-feedback.data`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "give", reviewee_email: reviewee.email, body: text }).toString(),
      });
    expect((await submit()).status).toBe(200);
    await db.idempotentRequest.updateMany({ where: { userId: giver.id, key: { startsWith: "form:" } }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await submit()).status).toBe(200);
    expect(await feedbackCount(text)).toBe(2);
  });
});
