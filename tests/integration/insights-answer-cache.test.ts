/**
 * The insights' answers kept between requests (ADR 0121), on the real database (PGlite and PostgreSQL): a repeated
 * request is answered from the cache (its population is not read again); every write that changes what the insights
 * read makes the next answer fresh — through the channels that write them: an attribute value through the admin API,
 * SCIM and the directory CSV import, a user deactivated, the privacy floor and an attribute's visibility, and the
 * stage tables (a calibrated rating, a feedback answer, a peer request, a nomination: the rows the meeting, feedback,
 * peer selection and nomination services write); readers of another scope never get another's answer; an answer
 * whose data changed while it was computed is not kept; every table the population statement reads has the trigger.
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { countStatements } from "~/platform/sql.server";
import { SYSTEM_ACTOR, type Actor } from "~/platform/audit.server";
import type { User } from "~/generated/prisma/client.ts";
import * as cycleRoute from "~/routes/api.v1.insights.cycles.$cycle_id";
import * as attributesRoute from "~/routes/api.v1.admin.users.$id.attributes";
import * as deactivateRoute from "~/routes/api.v1.admin.users.$id.deactivate";
import { createScimToken } from "~/features/scim/tokens.server";
import { ATTRIBUTES_SCHEMA } from "~/features/scim/protocol";
import { setPrivacyFloor } from "~/features/insights/settings.server";
import { updateAttribute } from "~/features/insights/attributes.server";
import { cachedAnswer, readInsightsDataVersion } from "~/features/insights/answer-cache.server";
import type { InsightFigure, InsightsJson } from "~/features/insights/insight-json";
import { bearerFor, callRoute, createTestUser } from "../support/api";
import { scimClient, scimPatch } from "../support/scim";
import { directoryImportJob, runJobActivitiesToEnd } from "../support/job-run";
import { testDbKind } from "../support/db";

const tag = randomUUID().slice(0, 8);
let admin: User;
let hr: User;
let hr2: User;
let tokens: { admin: string; hr: string; hr2: string };
let scimToken: string;
let cycleId: number;
let genderId: number;
/** hr's six women (0–5) and ten men (6–15, the last a SCIM-linked person), hr2's six women (16–21). */
let people: Array<{ userId: number; participantId: number; email: string; sessionRowId: number }> = [];
let scimId: string;

const { scim, userBody } = scimClient(() => scimToken, tag);

beforeAll(async () => {
  const db = await getDb();
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Cache Admin" });
  hr = await createTestUser({ role: "PEOPLE_PARTNER", name: "Cache HR" });
  hr2 = await createTestUser({ role: "PEOPLE_PARTNER", name: "Cache HR Two" });
  const [a, h, h2] = await Promise.all([bearerFor(admin.id), bearerFor(hr.id), bearerFor(hr2.id)]);
  tokens = { admin: a, hr: h, hr2: h2 };
  scimToken = (await createScimToken(SYSTEM_ACTOR, `cache ${tag}`)).token;
  genderId = (await db.attributeDefinition.findUniqueOrThrow({ where: { key: "gender" } })).id;
  cycleId = (await db.cycle.create({ data: { name: `Cache cycle ${tag}`, state: "CALIBRATION", workflowId: `cache-${tag}`, startDate: new Date("2026-07-01") } })).id;
  const session = await db.calibrationSession.create({ data: { cycleId, name: `Cache session ${tag}`, kind: "RATING", createdById: admin.id } });
  const reviewer = await createTestUser({ name: "Cache Reviewer" });
  const created = await scim("POST", "Users", userBody("linked", { [ATTRIBUTES_SCHEMA]: { gender: "Men" } }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  scimId = created.body.id;
  const linked = await db.user.findUniqueOrThrow({ where: { scimId } });
  for (let i = 0; i < 22; i++) {
    const user = i === 15 ? linked : await createTestUser({ name: `Cache Person ${i}` });
    if (i !== 15) await db.attributeValue.create({ data: { userId: user.id, attributeId: genderId, value: i < 6 || i >= 16 ? "Women" : "Men" } });
    const p = await db.participant.create({ data: { cycleId, userId: user.id, hrPartnerId: i < 16 ? hr.id : hr2.id, proposedRating: i < 6 ? 2 : 4 } });
    await db.peerRequest.create({ data: { cycleId, participantId: p.id, reviewerId: reviewer.id, status: "ACCEPTED" } });
    await db.feedback.create({ data: { cycleId, revieweeId: p.id, reviewerId: reviewer.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date(), answers: { q1: "x".repeat(50) } } });
    const row = await db.calibrationSessionParticipant.create({ data: { sessionId: session.id, participantId: p.id, kind: "RATING", rating: 3 } });
    people.push({ userId: user.id, participantId: p.id, email: user.email, sessionRowId: row.id });
  }
}, 120_000);

const getCycle = (token: string, query = "") =>
  callRoute(cycleRoute.loader as never, { path: `/api/v1/insights/cycles/${cycleId}${query}`, token, params: { cycle_id: String(cycleId) } });

/** The answer and whether the population was read for it (a miss) or not (the cache's answer). */
async function read(token: string, query = ""): Promise<{ body: InsightsJson; computed: boolean }> {
  const counted = await countStatements(() => getCycle(token, query));
  expect(counted.result.status, JSON.stringify(counted.result.body).slice(0, 300)).toBe(200);
  return { body: counted.result.body as InsightsJson, computed: counted.statements.includes("insights.population.cycle") };
}

const figure = (body: InsightsJson, kind: InsightFigure["figure"], attributeId = genderId) => body.figures.find((f) => f.figure === kind && f.attribute.id === attributeId)!;
const row = (body: InsightsJson, kind: InsightFigure["figure"], group: string) => figure(body, kind).rows.find((r) => r.group === group);

/** Reads once (warming), checks the next read is the cache's, runs `write`, and returns the next answer, which must be computed. */
async function afterWrite(write: () => Promise<unknown>, token = tokens.admin): Promise<{ before: InsightsJson; after: InsightsJson }> {
  const before = (await read(token)).body;
  const again = await read(token);
  expect(again.computed, "a repeated read with nothing written comes from the cache").toBe(false);
  expect(again.body).toEqual(before);
  await write();
  const next = await read(token);
  expect(next.computed, "the read after a write is computed afresh").toBe(true);
  return { before, after: next.body };
}

describe("insights answer cache", () => {
  it("a repeated request is answered from the cache with the same answer, the access rule still checked", async () => {
    const first = await read(tokens.admin);
    const second = await read(tokens.admin);
    expect(second.computed).toBe(false);
    expect(second.body).toEqual(first.body);
    expect(first.body.population).toBe(22);
    // The rule is checked per request: an employee is refused even while the answer is kept.
    const outsider = await createTestUser({ name: "Cache Outsider" });
    expect((await getCycle(await bearerFor(outsider.id))).status).toBe(403);
  });

  it("readers of different scope never share an entry: each HR partner gets their own people, a super admin everyone", async () => {
    await read(tokens.admin);
    const hrRead = await read(tokens.hr);
    expect(hrRead.computed).toBe(true);
    expect(hrRead.body.population).toBe(16);
    const hr2Read = await read(tokens.hr2);
    expect(hr2Read.computed).toBe(true);
    expect(hr2Read.body.population).toBe(6);
    expect((await read(tokens.hr)).body.population).toBe(16);
    expect((await read(tokens.admin)).body.population).toBe(22);
    // Filters are part of the key too.
    const filtered = await read(tokens.admin, `?filter=${genderId}:Women`);
    expect(filtered.computed).toBe(true);
    expect(filtered.body.filters).toEqual([{ attribute_id: genderId, value: "Women" }]);
  });

  it("a calibrated rating, a feedback answer, a peer request and a nomination each make the next answer fresh", async () => {
    const db = await getDb();
    const woman = people[0]!;
    let r = await afterWrite(() => db.calibrationSessionParticipant.update({ where: { id: woman.sessionRowId }, data: { rating: 5 } }));
    expect(row(r.after, "ratings", "Women")!.values.mean_after).not.toBe(row(r.before, "ratings", "Women")!.values.mean_after);
    r = await afterWrite(() => db.feedback.updateMany({ where: { revieweeId: woman.participantId }, data: { answers: { q1: "x".repeat(500) } } }));
    expect(row(r.after, "feedback_received", "Women")!.values.mean_length).toBeGreaterThan(row(r.before, "feedback_received", "Women")!.values.mean_length as number);
    const peer = await createTestUser({ name: "Cache Peer" });
    r = await afterWrite(() => db.peerRequest.create({ data: { cycleId, participantId: woman.participantId, reviewerId: peer.id, status: "DECLINED" } }));
    expect(row(r.after, "peer_selection", "Women")!.values.declined).toBe((row(r.before, "peer_selection", "Women")!.values.declined as number) + 1);
    r = await afterWrite(() => db.promotionNomination.create({ data: { participantId: woman.participantId, nominatedById: admin.id } }));
    expect(row(r.after, "promotions", "Women")!.values.nominated).toBe((row(r.before, "promotions", "Women")!.values.nominated as number) + 1);
  });

  it("an attribute value through the admin API, SCIM and the directory CSV import each make the next answer fresh", async () => {
    const man = people[6]!;
    let r = await afterWrite(async () => {
      const res = await callRoute(attributesRoute.action as never, { method: "PUT", path: `/api/v1/admin/users/${man.userId}/attributes`, token: tokens.admin, body: { values: [{ attribute_id: genderId, value: "Women" }] }, params: { id: String(man.userId) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(row(r.after, "ratings", "Women")!.people).toBe(row(r.before, "ratings", "Women")!.people + 1);

    r = await afterWrite(async () => {
      const res = await scim("PATCH", `Users/${scimId}`, scimPatch({ op: "replace", path: `${ATTRIBUTES_SCHEMA}:gender`, value: "Women" }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(row(r.after, "ratings", "Women")!.people).toBe(row(r.before, "ratings", "Women")!.people + 1);

    const second = people[7]!;
    r = await afterWrite(async () => {
      const jobId = await directoryImportJob(["email,name,gender", `${second.email},Cache Person 7,Women`], admin.id);
      const actor: Actor = { userId: admin.id, realUserId: admin.id, source: "api" };
      await runJobActivitiesToEnd(jobId, actor, 10);
      expect((await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("SUCCEEDED");
    });
    expect(row(r.after, "ratings", "Women")!.people).toBe(row(r.before, "ratings", "Women")!.people + 1);
  }, 60_000);

  it("a user deactivated, the privacy floor and an attribute's visibility each make the next answer fresh", async () => {
    await afterWrite(async () => {
      const res = await callRoute(deactivateRoute.action as never, { method: "POST", path: `/api/v1/admin/users/${people[21]!.userId}/deactivate`, token: tokens.admin, params: { id: String(people[21]!.userId) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    const floor = (await read(tokens.admin)).body.privacy_floor;
    try {
      const r = await afterWrite(() => setPrivacyFloor(SYSTEM_ACTOR, floor + 1));
      expect(r.after.privacy_floor).toBe(floor + 1);
    } finally {
      await setPrivacyFloor(SYSTEM_ACTOR, floor);
    }
    const secret = await (await getDb()).attributeDefinition.create({ data: { name: `Cache secret ${tag}`, kind: "CATEGORY", visibility: "HR" } });
    try {
      const r = await afterWrite(() => updateAttribute(SYSTEM_ACTOR, secret.id, { visibility: "super_admins" }), tokens.hr);
      expect(r.before.attributes.map((a) => a.id)).toContain(secret.id);
      expect(r.after.attributes.map((a) => a.id)).not.toContain(secret.id);
    } finally {
      await (await getDb()).attributeDefinition.delete({ where: { id: secret.id } });
    }
  });

  it("an answer whose data changed while it was computed is returned but not kept", async () => {
    const db = await getDb();
    const key = `test ${tag}`;
    let runs = 0;
    const compute = async () => {
      runs++;
      const answer = { rating: (await db.calibrationSessionParticipant.findUniqueOrThrow({ where: { id: people[1]!.sessionRowId } })).rating };
      if (runs === 1) await db.calibrationSessionParticipant.update({ where: { id: people[1]!.sessionRowId }, data: { rating: 1 } });
      return answer;
    };
    expect(await cachedAnswer(key, compute)).toEqual({ rating: 3 });
    expect(await cachedAnswer(key, compute)).toEqual({ rating: 1 });
    expect(await cachedAnswer(key, compute)).toEqual({ rating: 1 });
    expect(runs).toBe(2);
  });

  it.runIf(testDbKind() === "postgres")("a write committed by another connection after the version was read is seen by the next request", async () => {
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      const before = (await read(tokens.admin)).body;
      await client.query("BEGIN");
      await client.query(`UPDATE "CalibrationSessionParticipant" SET "rating" = 5 WHERE "id" = $1`, [people[2]!.sessionRowId]);
      // Uncommitted: the version has not moved and the kept answer is still this data's.
      const during = await read(tokens.admin);
      expect(during.computed).toBe(false);
      expect(during.body).toEqual(before);
      await client.query("COMMIT");
      const after = await read(tokens.admin);
      expect(after.computed).toBe(true);
      expect(row(after.body, "ratings", "Women")!.values.mean_after).not.toBe(row(before, "ratings", "Women")!.values.mean_after);
    } finally {
      await client.end();
    }
  });

  it("every table the population statement reads, the attribute definitions and the settings carry the trigger", async () => {
    const source = fs.readFileSync("app/features/insights/population.server.ts", "utf8");
    const tables = new Set([...source.matchAll(/(?:FROM|JOIN) "(\w+)"/g)].map((m) => m[1]!));
    for (const t of ["AttributeDefinition", "CompanySettings", "AttributeValue", "Feedback", "PromotionVote"]) tables.add(t);
    expect(tables.size).toBeGreaterThanOrEqual(11);
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<Array<{ table: string }>>(
      `SELECT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'insights_data_written' AND t.tgdeferrable AND t.tginitdeferred`,
    );
    const triggered = new Set(rows.map((r) => r.table));
    for (const t of tables) expect(triggered.has(t), t).toBe(true);
    const v = BigInt(await readInsightsDataVersion());
    await db.user.update({ where: { id: admin.id }, data: { jobTitle: `Cache ${tag}` } });
    expect(BigInt(await readInsightsDataVersion())).toBe(v + 1n);
  });
});
