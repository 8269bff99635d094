/**
 * The input layer every route shares (docs/decisions/0060-one-input-layer.md; issue 26 §5), through the web
 * process's real Express app serving the production build: one test per class of bad input that used to reach the
 * database (a 500) or be read wrongly, each checking the JSON error format and that nothing changed.
 *
 * Needs `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { gzipSync } from "node:zlib";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import type { AppBuild } from "../../server/index";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { bearerFor, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";

let loaded: AppBuild;
let app: ServedApp;
let employee: User;
let colleague: User;
let admin: User;
let employeeToken: string;
let adminToken: string;

beforeAll(async () => {
  loaded = await loadProductionBuild("tests/integration/input-layer.test.ts");
  app = await serveWebApp(loaded);
  employee = await createTestUser({ name: "Input Employee" });
  colleague = await createTestUser({ name: "Input Colleague" });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Input Admin" });
  employeeToken = await bearerFor(employee.id);
  adminToken = await bearerFor(admin.id);
});

afterAll(async () => {
  await app?.close();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: any };

/** A raw HTTP request: the path is sent byte for byte (fetch would normalise %-escapes), headers exactly as given. */
function send(method: string, rawPath: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: rawPath, headers: { ...headers, ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const jsonHeaders = (token: string) => ({ ...bearer(token), "Content-Type": "application/json" });

/** The API's error format with this status and code. */
function expectError(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(answer.json).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(Object.keys(answer.json.error).sort()).toEqual(["code", "details", "message"]);
}

async function feedbackCount(): Promise<number> {
  const db = await getDb();
  return db.realtimeFeedback.count({ where: { reviewerId: employee.id } });
}

describe("a NUL character in any text is 400, nothing written", () => {
  it("in a query string or a path, on every route (the issue's five 500s among them)", async () => {
    const paths = [
      "/api/v1/users?q=a%00b",
      "/api/v1/cycles/5/participants?q=%00",
      "/api/v1/admin/users?q=a%00",
      "/api/v1/admin/audits?search_query=%00",
      "/api/v1/admin/cycles/1/participants?q=a%00",
      "/api/v1/admin/users/a%00b",
    ];
    for (const p of paths) expectError(await send("GET", p, bearer(adminToken)), 400, "invalid_characters");
    // A page's address too (the page's plain-text 400, not a 500).
    const page = await send("GET", "/app/home?cycle_id=%00", { Cookie: await sessionCookieFor(employee.id) });
    expect(page.status).toBe(400);
  });

  it("in a JSON body (\\u0000 escaped), anywhere in it", async () => {
    const before = await feedbackCount();
    const give = await send("POST", "/api/v1/realtime_feedbacks", jsonHeaders(employeeToken), JSON.stringify({ reviewee_email: colleague.email, body: "good\u0000work" }));
    expectError(give, 400, "invalid_characters");
    expect(give.json.error.details).toEqual({ field: "body" });
    expect(await feedbackCount()).toBe(before);
    const patch = await send("PATCH", `/api/v1/admin/users/${colleague.id}`, jsonHeaders(adminToken), JSON.stringify({ name: "Eve\u0000" }));
    expectError(patch, 400, "invalid_characters");
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: colleague.id } })).name).toBe(colleague.name);
  });

  it("in a page form's field (the page's 400, nothing written)", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const create = (name: string) =>
      send("POST", "/app/admin/cycles/create", { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: app.url }, new URLSearchParams({ name, max_peers: "5" }).toString());
    const db = await getDb();
    const tag = `Input form ${Date.now()}`;
    // The same form without the NUL creates the cycle (so the refusal below is the NUL's: a cycle name has no rule of
    // its own against control characters, and PostgreSQL refused the NUL with a 500 before the input layer).
    expect((await create(`${tag} ok`)).status).toBe(302);
    expect(await db.cycle.count({ where: { name: `${tag} ok` } })).toBe(1);
    const answer = await create(`${tag} \u0000 bad`);
    expect(answer.status).toBe(400);
    expect(await db.cycle.count({ where: { name: { startsWith: tag } } })).toBe(1);
  });
});

describe("a whole number an integer column cannot hold is 400", () => {
  it("in a query (the issue's cycle_id=2^63-1), for any caller", async () => {
    expectError(await send("GET", "/api/v1/endorsements?cycle_id=9223372036854775807", bearer(employeeToken)), 400, "validation_failed");
    expectError(await send("GET", "/api/v1/admin/promotion_dashboard?cycle_id=9223372036854775807", bearer(adminToken)), 400, "validation_failed");
    expectError(await send("GET", "/api/v1/endorsements?cycle_id=2147483648", bearer(employeeToken)), 400, "validation_failed");
    expect((await send("GET", "/api/v1/endorsements?cycle_id=2147483647", bearer(employeeToken))).status).toBeLessThan(500);
  });

  it("in a JSON body", async () => {
    const answer = await send("PATCH", `/api/v1/admin/users/${colleague.id}`, jsonHeaders(adminToken), JSON.stringify({ manager_id: 9223372036854775807 }));
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toMatch(/^(out_of_range|validation_failed)$/);
  });
});

describe("a URL that cannot be decoded", () => {
  it("is a 400 in the JSON error format under /api/ (%ff, the overlong %c0%af)", async () => {
    for (const p of ["/api/v1/users/%ff", "/api/v1/cycles/%c0%af/participants", "/api/v1/users?q=%ff"]) {
      expectError(await send("GET", p, bearer(employeeToken)), 400, "malformed_url");
    }
    const page = await send("GET", "/app/%ff");
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/plain/);
  });
});

describe("an API write's body must be application/json", () => {
  const body = () => JSON.stringify({ reviewee_email: colleague.email, body: "Thanks for the review" });
  it("is 415 as text/plain, form-encoded, XML or with no Content-Type; nothing written", async () => {
    const before = await feedbackCount();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml", null]) {
      const headers: Record<string, string> = { ...bearer(employeeToken) };
      if (type) headers["Content-Type"] = type;
      expectError(await send("POST", "/api/v1/realtime_feedbacks", headers, body()), 415, "unsupported_media_type");
    }
    expect(await feedbackCount()).toBe(before);
  });

  it("is 415 when content-encoded (gzip is not decoded)", async () => {
    const before = await feedbackCount();
    const answer = await send("POST", "/api/v1/realtime_feedbacks", { ...jsonHeaders(employeeToken), "Content-Encoding": "gzip" }, gzipSync(body()));
    expectError(answer, 415, "unsupported_media_type");
    expect(await feedbackCount()).toBe(before);
  });

  it("is taken as application/json (with a charset)", async () => {
    const before = await feedbackCount();
    const answer = await send("POST", "/api/v1/realtime_feedbacks", { ...bearer(employeeToken), "Content-Type": "application/json; charset=utf-8" }, body());
    expect(answer.status, answer.text).toBe(201);
    expect(await feedbackCount()).toBe(before + 1);
  });
});

describe("an Idempotency-Key comes after the method and the role", () => {
  it("a reused key on a request its route refuses gets that refusal (405, 403), not 422", async () => {
    const key = `input-layer-${Date.now()}`;
    const first = await send("POST", "/api/v1/realtime_feedbacks", { ...jsonHeaders(employeeToken), "Idempotency-Key": key }, JSON.stringify({ reviewee_email: colleague.email, body: "First under the key" }));
    expect(first.status).toBe(201);
    // The same key, another request its route does not serve: 405.
    expectError(await send("PUT", "/api/v1/realtime_feedbacks", { ...jsonHeaders(employeeToken), "Idempotency-Key": key }, "{}"), 405, "method_not_allowed");
    // The same key, an admin operation an employee may not call: 403.
    expectError(await send("POST", "/api/v1/admin/cycles", { ...jsonHeaders(employeeToken), "Idempotency-Key": key }, JSON.stringify({ name: "x" })), 403, "forbidden");
    // The same key with another request the caller may send: still 422.
    expectError(await send("POST", "/api/v1/realtime_feedbacks", { ...jsonHeaders(employeeToken), "Idempotency-Key": key }, JSON.stringify({ reviewee_email: colleague.email, body: "Another" })), 422, "idempotency_key_reused");
  });
});

/**
 * Issue 26 §5: "a client generated from the document never gets a 400 for input the document allows". A refusal of
 * well-formed input by the state of the data is 404 / 409 / 422, the error code kept (ADR 0060, "Statuses of
 * refusals"); the rules about one value's shape are in the document instead.
 */
describe("well-formed input the data refuses is not a 400", () => {
  it("404: a read whose query names nobody (nominee_email)", async () => {
    const answer = await send("GET", `/api/v1/users?q=a&nominee_email=${encodeURIComponent(`nobody.${Date.now()}@test.example.com`)}`, bearer(employeeToken));
    expectError(answer, 404, "bad_request");
    expect(answer.json.error.details).toEqual({ field: "nominee_email" });
  });

  it("409: a cycle not in a state to be the current one (a draft); nothing changed", async () => {
    const db = await getDb();
    const draft = await db.cycle.create({ data: { name: `Input draft ${Date.now()}`, state: "DRAFT", workflowId: `input-layer-draft-${Date.now()}` } });
    const before = await db.auditRecord.count({ where: { action: "company.current_cycle" } });
    expectError(await send("PUT", "/api/v1/admin/current_cycle", jsonHeaders(adminToken), JSON.stringify({ cycle_id: draft.id })), 409, "bad_request");
    expect(await db.auditRecord.count({ where: { action: "company.current_cycle" } })).toBe(before);
  });

  it("422: an email that names no colleague, deactivating oneself, a file part with nothing in it; nothing written", async () => {
    const before = await feedbackCount();
    const give = await send("POST", "/api/v1/realtime_feedbacks", jsonHeaders(employeeToken), JSON.stringify({ reviewee_email: `nobody.${Date.now()}@test.example.com`, body: "Thanks" }));
    expectError(give, 422, "bad_request");
    expect(give.json.error.details).toEqual({ field: "reviewee_email" });
    expect(await feedbackCount()).toBe(before);
    expectError(await send("POST", `/api/v1/admin/users/${admin.id}/deactivate`, bearer(adminToken)), 422, "bad_request");
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).active).toBe(true);
    const boundary = "input-layer-boundary";
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n\r\n--${boundary}--\r\n`;
    const jobs = await db.job.count();
    const empty = await send("POST", "/api/v1/admin/directory_import_jobs", { ...bearer(adminToken), "Content-Type": `multipart/form-data; boundary=${boundary}` }, multipart);
    expectError(empty, 422, "bad_request");
    expect(await db.job.count()).toBe(jobs);
  });

  it("the document states the rules of one value: emails as z.email() takes them, no NUL, the ratings", async () => {
    const doc = (await send("GET", "/api/v1/openapi.json")).json;
    const body = (path: string, method = "post") => doc.paths[path][method].requestBody.content["application/json"].schema;
    const nomination = body("/api/v1/cycles/{cycle_id}/promotion_nominations").properties;
    expect(nomination.email).toMatchObject({ type: "string", pattern: expect.any(String) });
    const email = new RegExp(nomination.email.pattern);
    expect(["a@example.com", " A@Example.com "].map((v) => email.test(v))).toEqual([true, true]);
    expect(["", "\u0011i", "k+qp|_etj*@l3h8orfi.io"].map((v) => email.test(v))).toEqual([false, false, false]);
    const feedback = body("/api/v1/realtime_feedbacks").properties;
    expect(new RegExp(feedback.body.pattern).test("good\u0000work")).toBe(false);
    expect(new RegExp(feedback.reviewee_email.pattern).test("rgd{_g|~r1@qzw8gjeu.test")).toBe(false);
    const rating = body("/api/v1/cycles/{cycle_id}/calibration_session_panelist/calibration_sessions/{session_id}/participants/{participant_id}/calibration_rating");
    expect(rating.properties.rating.enum).toEqual([1, 2, 3, 4, 5]);
    expect(doc.paths["/api/v1/users"].get.responses["422"]).toBeDefined();
  });
});

describe("OPTIONS", () => {
  it("lists the path's own methods in Allow", async () => {
    const cases: Array<[string, string]> = [
      ["/api/v1/config", "GET, HEAD, OPTIONS"],
      ["/api/v1/admin/cycles", "GET, HEAD, POST, OPTIONS"],
      ["/api/v1/realtime_feedbacks", "GET, HEAD, POST, OPTIONS"],
      [`/api/v1/admin/users/${colleague.id}`, "GET, HEAD, PATCH, OPTIONS"],
      ["/app/login", "GET, HEAD, OPTIONS"],
    ];
    for (const [p, allow] of cases) {
      const answer = await send("OPTIONS", p);
      expect(answer.status, p).toBe(204);
      expect(answer.headers.allow, p).toBe(allow);
    }
    expectError(await send("OPTIONS", "/api/v1/no_such_thing"), 404, "not_found");
  });
});
