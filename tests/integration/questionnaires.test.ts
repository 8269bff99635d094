/**
 * Questionnaires end to end through the route modules: GET .../questions, GET/PUT .../questionnaire,
 * the json-builder page action, the lock once feedback has been given, audit records, authorization.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import type { Cycle, User } from "~/generated/prisma/client.ts";
import { REVIEWER_TYPES, type Questionnaire } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import * as questionsRoute from "~/routes/api.v1.admin.cycles.$id.questions";
import * as questionnaireRoute from "~/routes/api.v1.admin.cycles.$id.questionnaire";
import * as builderPage from "~/routes/app.admin.cycles.$cycleId.json-builder";
import * as questionsPage from "~/routes/app.admin.cycles.$cycleId.questions";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { sessionCookieFor } from "../support/session";
import { QUESTIONNAIRE_LOCKED_MESSAGE, getQuestionnaire, lockQuestionnaireShared } from "~/features/questionnaires/service.server";
import { bearerFor, callRoute, createTestUser } from "../support/api";

const LOCKED = "The questionnaire cannot change: feedback has already been given in this cycle";

let admin: User;
let hrOps: User;
let partner: User;
let employee: User;
const tokens: Record<"admin" | "hrOps" | "partner" | "employee", string> = { admin: "", hrOps: "", partner: "", employee: "" };

async function newCycle(name = "Questionnaire cycle"): Promise<Cycle> {
  const db = await getDb();
  return db.cycle.create({ data: { name: `${name} ${randomUUID().slice(0, 6)}`, state: "START", workflowId: `test-q-${randomUUID()}` } });
}

const MINI: Questionnaire = {
  SELF: [{ id: "wins", kind: "text", label: "What went well?", required: true, max_length: 500 }],
  PEER: [
    { id: "strengths", kind: "text", label: "Their strengths?", required: true },
    { id: "impact", kind: "rating", label: "Impact", required: true, scale: { min: 1, max: 4, labels: { "1": "Low", "4": "High" } } },
    { id: "again", kind: "choice", label: "Work with them again?", required: false, options: ["Yes", "No"] },
  ],
};

const get = (cycleId: number | string, token = tokens.admin) =>
  callRoute(questionsRoute.loader as never, { path: `/api/v1/admin/cycles/${cycleId}/questions`, token, params: { id: String(cycleId) } });
const getQ = (cycleId: number | string, token = tokens.admin) =>
  callRoute(questionnaireRoute.loader as never, { path: `/api/v1/admin/cycles/${cycleId}/questionnaire`, token, params: { id: String(cycleId) } });
const put = (cycleId: number | string, body: unknown, opts: { token?: string; rawBody?: string; method?: string } = {}) =>
  callRoute(questionnaireRoute.action as never, {
    method: opts.method ?? "PUT",
    path: `/api/v1/admin/cycles/${cycleId}/questionnaire`,
    token: opts.token ?? tokens.admin,
    body: opts.rawBody === undefined ? body : undefined,
    rawBody: opts.rawBody,
    params: { id: String(cycleId) },
  });

async function feedbackRow(cycleId: number, status: "DRAFT" | "SUBMITTED", answers: object) {
  const db = await getDb();
  const reviewee = await createTestUser({ name: "Reviewee" });
  const reviewer = await createTestUser({ name: "Reviewer" });
  const participant = await db.participant.create({ data: { cycleId, userId: reviewee.id } });
  return db.feedback.create({
    data: { cycleId, revieweeId: participant.id, reviewerId: reviewer.id, reviewerType: "PEER", status, answers, submittedAt: status === "SUBMITTED" ? new Date() : null },
  });
}

async function cookieFor(userId: number): Promise<string> {
  return sessionCookieFor(userId);
}

async function pageRequest(path: string, userId: number, form?: Record<string, string>) {
  const headers = new Headers({ Cookie: await cookieFor(userId) });
  if (!form) return new Request(`http://127.0.0.1${path}`, { headers });
  return new Request(`http://127.0.0.1${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    const r = await p;
    return r instanceof Response ? r.status : 200;
  } catch (err) {
    if (err instanceof Response) return err.status;
    throw err;
  }
}

beforeAll(async () => {
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Q Admin" });
  hrOps = await createTestUser({ role: "HR_OPS", name: "Q Hr Ops" });
  partner = await createTestUser({ role: "PEOPLE_PARTNER", name: "Q Partner" });
  employee = await createTestUser({ role: "EMPLOYEE", name: "Q Employee" });
  [tokens.admin, tokens.hrOps, tokens.partner, tokens.employee] = await Promise.all([admin, hrOps, partner, employee].map((u) => bearerFor(u.id)));
});

describe("GET questions and questionnaire", () => {
  it("a cycle without a questionnaire gets the default one, version 0", async () => {
    const cycle = await newCycle();
    const res = await get(cycle.id);
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(0);
    expect(res.body.is_default).toBe(true);
    expect(res.body.locked).toBe(false);
    expect(Object.keys(res.body.questions)).toEqual([...REVIEWER_TYPES]);
    for (const t of REVIEWER_TYPES) expect(res.body.questions[t]).toEqual(DEFAULT_QUESTIONNAIRE[t] ?? []);

    const q = await getQ(cycle.id);
    expect(q.status).toBe(200);
    expect(q.body.questionnaire).toMatchObject({ cycle_id: cycle.id, version: 0, is_default: true, locked: false, updated_by: null });
    expect(q.body.questionnaire.definition).toEqual(DEFAULT_QUESTIONNAIRE);
  });

  it("401 without a token, 403 for people partners and employees, 200 for HR ops", async () => {
    const cycle = await newCycle();
    expect((await get(cycle.id, "")).status).toBe(401);
    expect((await getQ(cycle.id, "")).status).toBe(401);
    for (const token of [tokens.partner, tokens.employee]) {
      const a = await get(cycle.id, token);
      expect(a.status).toBe(403);
      expect(a.body.error.message).toBe("You do not have access to this page");
      expect((await getQ(cycle.id, token)).status).toBe(403);
    }
    expect((await get(cycle.id, tokens.hrOps)).status).toBe(200);
    expect((await getQ(cycle.id, tokens.hrOps)).status).toBe(200);
  });

  it("404 for an unknown or malformed cycle id", async () => {
    expect((await get(99_999_999)).status).toBe(404);
    expect((await get("abc")).status).toBe(404);
    expect((await getQ(99_999_999)).status).toBe(404);
    expect((await put(99_999_999, MINI)).status).toBe(404);
  });
});

describe("PUT questionnaire", () => {
  it("saves a valid definition as version 1, then 2, with audit records before/after", async () => {
    const cycle = await newCycle();
    const first = await put(cycle.id, MINI);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.questionnaire).toMatchObject({ cycle_id: cycle.id, version: 1, is_default: false, locked: false });
    expect(first.body.questionnaire.definition).toEqual(MINI);
    expect(first.body.questionnaire.updated_by).toEqual({ id: admin.id, name: admin.name, email: admin.email });

    const questions = await get(cycle.id);
    expect(questions.body).toMatchObject({ version: 1, is_default: false, locked: false });
    expect(questions.body.questions.PEER.map((q: { id: string }) => q.id)).toEqual(["strengths", "impact", "again"]);
    expect(questions.body.questions.MANAGER).toEqual([]);

    const changed = { ...MINI, SELF: [{ ...MINI.SELF![0]!, label: "What went really well?" }] };
    const second = await put(cycle.id, changed);
    expect(second.status).toBe(200);
    expect(second.body.questionnaire.version).toBe(2);

    const db = await getDb();
    const row = await db.questionnaire.findUniqueOrThrow({ where: { cycleId: cycle.id } });
    expect(row.version).toBe(2);
    const audits = await db.auditRecord.findMany({ where: { entityType: "Questionnaire", entityId: String(row.id) }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["questionnaire.save", "questionnaire.save"]);
    expect(audits[0]!.before).toBeNull();
    expect(audits[0]!.after).toMatchObject({ cycle_id: cycle.id, version: 1, definition: MINI });
    expect(audits[1]!.before).toMatchObject({ version: 1, definition: MINI });
    expect(audits[1]!.after).toMatchObject({ version: 2, definition: changed });
    expect(audits[1]!.actorId).toBe(admin.id);
    expect(audits[1]!.source).toBe("api");
  });

  it("400 (422 when only the questions' rules refuse it) with the schema's details for an invalid definition, and nothing is stored", async () => {
    const cycle = await newCycle();
    const bad = { PEER: [{ id: "a", kind: "text", label: "A", required: true, options: ["x", "y"] }, { id: "a", kind: "text", label: "B", required: true }], BOSS: [] };
    const res = await put(cycle.id, bad);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.message).toBe("Invalid questionnaire");
    const messages = res.body.error.details.issues.map((i: { path: unknown[]; message: string }) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "PEER.0.options: options are only allowed on a choice question",
        expect.stringMatching(/^BOSS: Unknown reviewer type 'BOSS'/),
      ]),
    );
    const dup = await put(cycle.id, { SELF: [{ id: "a", kind: "text", label: "A", required: true }, { id: "a", kind: "text", label: "B", required: true }] });
    expect(dup.status).toBe(422); // well-formed, refused by a rule over its questions (ADR 0060)
    expect(dup.body.error.details.issues).toEqual([{ where: "SELF › question 2 › id", path: ["SELF", 1, "id"], message: "Question id 'a' is already used by question 1" }]);

    const notJson = await put(cycle.id, undefined, { rawBody: "{ nope" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("invalid_json");
    expect((await put(cycle.id, {})).status).toBe(400);
    expect(await (await getDb()).questionnaire.findUnique({ where: { cycleId: cycle.id } })).toBeNull();
  });

  it("403 for HR ops, people partners and employees; 401 without a token; 405 for other methods", async () => {
    const cycle = await newCycle();
    for (const token of [tokens.hrOps, tokens.partner, tokens.employee]) {
      const res = await put(cycle.id, MINI, { token });
      expect(res.status).toBe(403);
    }
    expect((await put(cycle.id, MINI, { token: "" })).status).toBe(401);
    expect((await put(cycle.id, MINI, { method: "POST" })).status).toBe(405);
    expect(await (await getDb()).questionnaire.findUnique({ where: { cycleId: cycle.id } })).toBeNull();
  });

  it("If-Match: a stale version is 409, the current one saves", async () => {
    const cycle = await newCycle();
    expect((await put(cycle.id, MINI)).status).toBe(200);
    const req = (version: string) =>
      questionnaireRoute.action({
        request: new Request(`http://127.0.0.1/api/v1/admin/cycles/${cycle.id}/questionnaire`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${tokens.admin}`, "If-Match": version, "Content-Type": "application/json" },
          body: JSON.stringify(MINI),
        }),
        params: { id: String(cycle.id) },
        context: {},
      } as never) as Promise<Response>;
    const stale = await req('"0"');
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.details).toMatchObject({ reason: "version_mismatch", version: 1 });
    expect((await req('"1"')).status).toBe(200);
    expect((await req("x")).status).toBe(400);
  });
});

describe("the lock once feedback has been given", () => {
  it("an assigned draft without answers does not lock; a draft with answers does", async () => {
    const cycle = await newCycle();
    const fb = await feedbackRow(cycle.id, "DRAFT", {});
    expect((await get(cycle.id)).body.locked).toBe(false);
    expect((await put(cycle.id, MINI)).status).toBe(200);

    await (await getDb()).feedback.update({ where: { id: fb.id }, data: { answers: { strengths: "Clear writing" } } });
    expect((await get(cycle.id)).body.locked).toBe(true);
    const res = await put(cycle.id, { ...MINI, SELF: [{ id: "new", kind: "text", label: "New", required: true }] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(LOCKED);
    expect(QUESTIONNAIRE_LOCKED_MESSAGE).toBe(LOCKED);
    const row = await (await getDb()).questionnaire.findUniqueOrThrow({ where: { cycleId: cycle.id } });
    expect(row.version).toBe(1);
    expect(row.definition).toEqual(MINI);
  });

  it("a submitted feedback locks the default questionnaire too; other cycles are not affected", async () => {
    const cycle = await newCycle();
    const other = await newCycle();
    await feedbackRow(cycle.id, "SUBMITTED", {});
    const q = await getQ(cycle.id);
    expect(q.body.questionnaire).toMatchObject({ is_default: true, locked: true });
    const res = await put(cycle.id, MINI);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(LOCKED);
    expect(await (await getDb()).questionnaire.findUnique({ where: { cycleId: cycle.id } })).toBeNull();
    expect((await put(other.id, MINI)).status).toBe(200);
  });

  it("feedback writers can take the shared lock inside their transaction", async () => {
    const cycle = await newCycle();
    const db = await getDb();
    await db.$transaction(async (tx) => {
      await lockQuestionnaireShared(tx, cycle.id);
    });
    expect((await getQuestionnaire(cycle.id)).locked).toBe(false);
  });
});

describe("pages", () => {
  it("json-builder: the loader shows the definition; the action saves valid JSON and reports issues and the lock", async () => {
    const cycle = await newCycle();
    const path = `/app/admin/cycles/${cycle.id}/json-builder`;
    const loaded = (await builderPage.loader({ request: await pageRequest(path, admin.id), params: { cycleId: String(cycle.id) }, context: {} } as never)) as {
      questionnaire: { version: number; definition: unknown };
    };
    expect(loaded.questionnaire.version).toBe(0);

    const post = async (form: Record<string, string>, userId = admin.id) =>
      builderPage.action({ request: await pageRequest(path, userId, form), params: { cycleId: String(cycle.id) }, context: {} } as never);
    const bodyOf = async (r: unknown) => {
      const d = r as { data: unknown; init?: { status?: number } };
      return { status: d.init?.status ?? 200, data: d.data as { ok: boolean; issues?: unknown[]; formError?: unknown; version?: number } };
    };

    const invalid = await bodyOf(await post({ definition: '{"SELF": []}', version: "0" }));
    expect(invalid.status).toBe(400);
    expect(invalid.data.ok).toBe(false);
    expect(invalid.data.issues).toEqual([{ path: ["SELF"], key: "questionnaires.issues.typeEmpty" }]);

    const saved = await bodyOf(await post({ definition: JSON.stringify(MINI), version: "0" }));
    expect(saved.data).toEqual({ ok: true, version: 1 });

    const stale = await bodyOf(await post({ definition: JSON.stringify(MINI), version: "0" }));
    expect(stale.status).toBe(409);
    expect(stale.data.formError).toEqual({ key: "questionnaires.errors.changed", values: { version: 1 } });

    await feedbackRow(cycle.id, "SUBMITTED", {});
    const locked = await bodyOf(await post({ definition: JSON.stringify(MINI), version: "1" }));
    expect(locked.status).toBe(409);
    // The page hears the refusal as a key (ADR 0093), not the API's English sentence.
    expect(locked.data.formError).toEqual({ key: "questionnaires.locked" });

    // Non-admins: 403 in loader and action.
    for (const u of [hrOps, partner, employee]) {
      expect(await status(builderPage.loader({ request: await pageRequest(path, u.id), params: { cycleId: String(cycle.id) }, context: {} } as never))).toBe(403);
      expect(await status(post({ definition: JSON.stringify(MINI), version: "1" }, u.id))).toBe(403);
    }
  });

  it("questions page: 404 for an unknown cycle, 403 for non-admins, the questions for an admin", async () => {
    const cycle = await newCycle();
    await put(cycle.id, MINI);
    const load = async (id: string, userId: number) =>
      questionsPage.loader({ request: await pageRequest(`/app/admin/cycles/${id}/questions`, userId), params: { cycleId: id }, context: {} } as never);
    expect(await status(load("99999999", admin.id))).toBe(404);
    expect(await status(load("x", admin.id))).toBe(404);
    expect(await status(load(String(cycle.id), employee.id))).toBe(403);
    const data = (await load(String(cycle.id), admin.id)) as { questions: Questionnaire; version: number };
    expect(data.version).toBe(1);
    expect(data.questions.PEER).toEqual(MINI.PEER);
  });
});

describe("OpenAPI", () => {
  it("documents the questionnaire routes", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.paths["/api/v1/admin/cycles/{cycle_id}/questions"].get).toBeTruthy();
    expect(res.body.paths["/api/v1/admin/cycles/{cycle_id}/questionnaire"].put).toBeTruthy();
  });
});
