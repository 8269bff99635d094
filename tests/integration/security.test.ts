/**
 * Hardening (docs/decisions/0041-hardening.md), through the web process's real Express app (server/index.ts
 * `createWebApp`) serving the production build on a free port: security headers and the per-request CSP nonce on
 * every answer, the cross-site request check on every action, the rate limits (429 with Retry-After), the upload
 * limits (413, 415), and 405 JSON with `Allow` for every method an /api/v1 path does not serve.
 *
 * Needs `npm run build` (scripts/test.sh builds before the integration lanes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { MAX_UPLOAD_BYTES, readUploadForm } from "~/features/jobs/upload.server";
import { ApiError } from "~/platform/api.server";
import type { AppBuild } from "../../server/index";
import { loadProductionBuild, serveWebApp, type ServedApp } from "../support/web-app";
import { bearerFor, createTestUser } from "../support/api";
import { sessionCookieFor } from "../support/session";
import { appRoutes, resolveRoute } from "../support/calibration";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const EVIL = "https://evil.example.com";

let loaded: AppBuild;
let app: ServedApp;
const opened: ServedApp[] = [];

/** The web process's Express app on a free port (settings overridden for a test). */
async function serve(overrides: Parameters<typeof serveWebApp>[1] = {}): Promise<ServedApp> {
  const served = await serveWebApp(loaded, overrides);
  opened.push(served);
  return served;
}

let employee: User;
let admin: User;
let adminToken: string;

beforeAll(async () => {
  loaded = await loadProductionBuild("tests/integration/security.test.ts");
  app = await serve();
  employee = await createTestUser({ name: "Security Employee" });
  admin = await createTestUser({ role: "SUPER_ADMIN", name: "Security Admin" });
  adminToken = await bearerFor(admin.id);
});

afterAll(async () => {
  for (const s of opened) await s.close();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: "manual" });
/** A page, following its redirects (the shell adds ?cycle_id= when there are cycles). */
const page = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const cspOf = (res: Response) => res.headers.get("content-security-policy") ?? "";
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(cspOf(res))?.[1] ?? null;

describe("security headers", () => {
  it("are on every answer: pages, JSON, static files, errors", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const answers = [
      await get(`${app.url}/app/login`),
      await page(`${app.url}/app/home`, { Cookie: cookie }),
      await get(`${app.url}/api/v1/config`),
      await get(`${app.url}/favicon.svg`),
      await get(`${app.url}/api/v1/no_such_thing`),
      await page(`${app.url}/app/no-such-page`, { Cookie: cookie }),
      await fetch(`${app.url}/app/logout`, { method: "POST", headers: { Origin: EVIL }, redirect: "manual" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 404, 404, 403]);
    for (const res of answers) {
      const csp = cspOf(res);
      expect(csp, res.url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
      expect(csp).toMatch(/style-src 'self' 'nonce-/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("strict-transport-security"), "HSTS only in production").toBeNull();
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("give every document's scripts and style tags this request's nonce, a new one each time", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const seen = new Set<string>();
    for (const pagePath of ["/app/login", "/app/home", "/app/anytime-feedback"]) {
      const res = await page(`${app.url}${pagePath}`, pagePath === "/app/login" ? {} : { Cookie: cookie });
      expect(res.status, pagePath).toBe(200);
      const nonce = nonceOf(res)!;
      expect(nonce).toBeTruthy();
      seen.add(nonce);
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      const styles = html.match(/<style\b[^>]*>/g) ?? [];
      expect(scripts.length, pagePath).toBeGreaterThan(1);
      expect(styles.length, pagePath).toBeGreaterThan(0);
      for (const tag of [...scripts, ...styles]) expect(tag, pagePath).toContain(` nonce="${nonce}"`);
      // Nothing runs from an attribute (no inline event handlers, no javascript: links).
      expect(html).not.toMatch(/\son[a-z]+="|href="javascript:/i);
    }
    expect(seen.size).toBe(3);
  });

  it("add HSTS and upgrade-insecure-requests in production only", async () => {
    const prod = await serve({ overrides: { isProduction: true } });
    const res = await get(`${prod.url}/api/v1/config`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(cspOf(res)).toContain("upgrade-insecure-requests");
    expect(cspOf(await get(`${app.url}/api/v1/config`))).not.toContain("upgrade-insecure-requests");
  });
});

describe("cross-site requests", () => {
  it("refuse a page action from a foreign origin (403), and let the app's own through", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const post = (headers: Record<string, string>) => fetch(`${app.url}/app/logout`, { method: "POST", headers: { Cookie: cookie, ...headers }, redirect: "manual" });
    const foreign: Array<Record<string, string>> = [{ Origin: EVIL }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }, { Origin: EVIL, "Sec-Fetch-Site": "cross-site" }];
    for (const headers of foreign) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toMatch(/only be sent from the app's own pages/);
    }
    // Still signed in: none of them reached sign-out.
    expect((await get(`${app.url}/api/v1/users/has_direct_report`, { Cookie: cookie })).status).toBe(200);
    const own = await post({ Origin: app.url, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(302);
    expect((await get(`${app.url}/api/v1/users/has_direct_report`, { Cookie: cookie })).status).toBe(401);
  });

  it("refuse a cookie-authenticated API call from a foreign origin in the error format; a bearer call needs no origin", async () => {
    const cookie = await sessionCookieFor(employee.id);
    const db = await getDb();
    const before = await db.apiToken.count({ where: { userId: employee.id } });
    const body = JSON.stringify({ name: "from elsewhere" });
    const foreign = await fetch(`${app.url}/api/v1/api_tokens`, { method: "POST", headers: { Cookie: cookie, Origin: EVIL, "Content-Type": "application/json" }, body });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: "cross_site_request", details: null } });
    expect(await db.apiToken.count({ where: { userId: employee.id } })).toBe(before);
    const own = await fetch(`${app.url}/api/v1/api_tokens`, { method: "POST", headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/json" }, body });
    expect(own.status).toBe(201);
    const bearer = await fetch(`${app.url}/api/v1/api_tokens`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await bearerFor(employee.id)}`, Origin: EVIL, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body,
    });
    expect(bearer.status).toBe(201);
  });

  it("refuse every page action and the sign-in start from a foreign origin", async () => {
    const cookie = await sessionCookieFor(admin.id);
    const withAction = Object.values(appRoutes()).filter(
      (r) => !r.id.startsWith("routes/api.") && /export (const|async function|function) action\b|export \{[^}]*\baction\b/.test(fs.readFileSync(path.join(root, "app", r.file), "utf8")),
    );
    expect(withAction.length).toBeGreaterThan(20);
    const db = await getDb();
    const audits = () => db.auditRecord.count({ where: { OR: [{ actorId: admin.id }, { realActorId: admin.id }] } });
    const before = await audits();
    for (const route of withAction) {
      const url = `/${route.path ?? ""}`.replace(/:(\w+)/g, (_m, name: string) => (/email/i.test(name) ? "someone%40example.com" : "1"));
      for (const method of ["POST", "DELETE"]) {
        const res = await fetch(`${app.url}${url}`, { method, headers: { Cookie: cookie, Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=x", redirect: "manual" });
        expect(res.status, `${method} ${url} (${route.file})`).toBe(403);
      }
    }
    expect(await audits(), "nothing was done").toBe(before);
  });
});

describe("rate limits", () => {
  it("answer 429 with Retry-After past the limit: sign-in, token creation, uploads, each counted apart", async () => {
    const limited = await serve({ overrides: { RATE_LIMIT_SIGN_IN: 3, RATE_LIMIT_TOKENS: 2, RATE_LIMIT_UPLOADS: 2, RATE_LIMIT_WINDOW_SECONDS: 600 } });
    const retryAfter = (res: Response) => Number(res.headers.get("retry-after"));

    const signIn = [];
    for (let i = 0; i < 4; i++) signIn.push(await get(`${limited.url}/auth/google`));
    expect(signIn.map((r) => r.status)).toEqual([302, 302, 302, 429]);
    expect(retryAfter(signIn[3]!)).toBeGreaterThan(0);
    expect(retryAfter(signIn[3]!)).toBeLessThanOrEqual(600);
    expect(await signIn[3]!.text()).toMatch(/Too many requests; try again in \d+ s/);

    const token = () => fetch(`${limited.url}/api/v1/tokens`, { method: "POST", headers: { Authorization: "Bearer not-an-id-token" } });
    const tokens = [await token(), await token(), await token()];
    expect(tokens.map((r) => r.status)).toEqual([401, 401, 429]);
    expect(retryAfter(tokens[2]!)).toBeGreaterThan(0);
    expect(await tokens[2]!.json()).toMatchObject({ error: { code: "rate_limited", details: { retry_after_seconds: retryAfter(tokens[2]!) } } });

    const upload = () => {
      const form = new FormData();
      form.set("file", new Blob(["email\nsomeone@example.com\n"], { type: "text/csv" }), "people.csv");
      return fetch(`${limited.url}/api/v1/admin/cycles/999999999/upload_participant_jobs`, { method: "POST", headers: { Authorization: `Bearer ${adminToken}` }, body: form });
    };
    const uploads = [await upload(), await upload(), await upload()];
    expect(uploads.map((r) => r.status)).toEqual([404, 404, 429]);
    expect(retryAfter(uploads[2]!)).toBeGreaterThan(0);

    // Other requests are not limited, and another process's (here: another app's) counts are its own.
    for (let i = 0; i < 5; i++) expect((await get(`${limited.url}/api/v1/config`)).status).toBe(200);
    expect((await get(`${app.url}/auth/google`)).status).toBe(302);
  });
});

describe("uploads", () => {
  const multipart = (file: { name: string; type: string; content: string }) => {
    const form = new FormData();
    form.set("file", new Blob([file.content], { type: file.type }), file.name);
    form.set("error_mode", "all_or_nothing");
    return form;
  };
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/v1/admin/cycles/999999999/upload_questionnaire_jobs`, { method: "POST", headers: { Authorization: `Bearer ${adminToken}`, ...headers }, body });

  it("415 in the error format for a file that is not a CSV, or a body that is not multipart", async () => {
    for (const file of [
      { name: "photo.png", type: "image/png", content: "\x89PNG" },
      { name: "people.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", content: "PK" },
      { name: "people.csv", type: "text/html", content: "<script>" },
    ]) {
      const res = await post(multipart(file));
      expect(res.status, file.name).toBe(415);
      expect(await res.json()).toMatchObject({ error: { code: "unsupported_media_type", message: expect.stringMatching(/Upload a CSV file/) } });
    }
    const json = await post(JSON.stringify({ file: "x" }), { "Content-Type": "application/json" });
    expect(json.status).toBe(415);
    expect((await json.json()).error.message).toMatch(/multipart\/form-data/);
    // A CSV goes on to the next check (here: the unknown cycle).
    expect((await post(multipart({ name: "q.csv", type: "text/csv", content: "reviewer_type,question_id,kind,label\n" }))).status).toBe(404);
  });

  it("413 from the declared Content-Length, before the body is sent", async () => {
    const url = new URL(`${app.url}/api/v1/admin/cycles/999999999/upload_questionnaire_jobs`);
    const declared = MAX_UPLOAD_BYTES + 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(declared) },
        },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on("error", reject);
      // Only the first bytes are ever sent.
      req.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nemail\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("413 while streaming a body without a length, having read little more than the limit", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--xyz\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n'));
      },
      pull(controller) {
        if (pulled >= 200 * chunk.length) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://127.0.0.1/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body,
      duplex: "half",
    } as RequestInit);
    const error = await readUploadForm(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(pulled).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(pulled).toBeLessThan(MAX_UPLOAD_BYTES + 8 * chunk.length);
  });
});

describe("/api/v1 methods", () => {
  it("answer 405 JSON with Allow for every method a path does not serve, on every documented path", async () => {
    const doc = (await (await get(`${app.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    const covered = new Set<string>();
    let checked = 0;
    const failures: string[] = [];
    for (const [openapiPath, ops] of Object.entries(doc.paths)) {
      const served = Object.keys(ops)
        .map((m) => m.toUpperCase())
        .filter((m) => methods.includes(m));
      const url = openapiPath.replace(/\{(\w+)\}/g, (_m, name: string) => (/email/i.test(name) ? "nobody%40example.com" : "1"));
      const route = resolveRoute(url.replace("%40", "@"));
      if (route) covered.add(route.file);
      for (const method of methods.filter((m) => !served.includes(m))) {
        const res = await fetch(`${app.url}${url}`, { method, headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" }, body: method === "GET" ? undefined : "{}" });
        checked++;
        const text = await res.text();
        const allow = (res.headers.get("allow") ?? "").split(/,\s*/).filter(Boolean).sort();
        let code: unknown = null;
        try {
          code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
        } catch {
          code = `not JSON: ${text.slice(0, 60)}`;
        }
        if (res.status !== 405 || code !== "method_not_allowed" || JSON.stringify(allow) !== JSON.stringify([...served].sort())) {
          failures.push(`${method} ${openapiPath}: ${res.status} ${String(code)} Allow=${allow.join(",")} (serves ${served.join(",")})`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    // Every API route module is behind a documented path, but the catch-all 404 and the document itself.
    const undocumented = Object.values(appRoutes())
      .filter((r) => r.id.startsWith("routes/api.") && !covered.has(r.file))
      .map((r) => r.file)
      .sort();
    expect(undocumented).toEqual(["routes/api.v1.$.ts"]);
    console.log(`[security] 405 checked for ${checked} method × path pairs over ${Object.keys(doc.paths).length} documented paths`);
  });

  it("answer 405 with the path's Allow for a method the app serves nowhere (the fuzzer's TRACE was a 500; ADR 0043)", async () => {
    const { request } = await import("node:http");
    const send = (method: string, urlPath: string) =>
      new Promise<{ status: number; allow: string | undefined; type: string | undefined; body: string }>((resolve, reject) => {
        const req = request(`${app.url}${urlPath}`, { method, headers: { Authorization: `Bearer ${adminToken}` } }, (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, type: res.headers["content-type"], body }));
        });
        req.on("error", reject);
        req.end();
      });
    for (const method of ["TRACE", "QUERY"]) {
      const apiAnswer = await send(method, "/api/v1/config");
      expect(apiAnswer.status, method).toBe(405);
      // The path's own methods (ADR 0060), not one list for every path.
      expect(apiAnswer.allow).toBe("GET, HEAD, OPTIONS");
      expect(JSON.parse(apiAnswer.body)).toEqual({ error: { code: "method_not_allowed", message: `The method ${method} is not served`, details: null } });
      const pageAnswer = await send(method, "/app/home");
      expect(pageAnswer.status, method).toBe(405);
      expect(pageAnswer.type).toMatch(/^text\/plain/);
    }
  });
});

describe("long request heads", () => {
  it("reach the app up to 64 KiB (twelve insight filters of Chinese text: the app's 400), past that Node's 431 in the error format", async () => {
    const auth = { Authorization: `Bearer ${adminToken}` };
    // Twelve filters of 300 CJK characters, percent-encoded: about 32 KB of address, over Node's default 16 KiB.
    const filters = Array.from({ length: 12 }, (_v, i) => `filter=${encodeURIComponent(`${i + 1}:${"张".repeat(300)}`)}`).join("&");
    const long = await get(`${app.url}/api/v1/insights/cycles/1?${filters}`, auth);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    const tooLong = await get(`${app.url}/api/v1/insights/cycles/1?filter=${"a".repeat(70 * 1024)}`, auth);
    expect(tooLong.status).toBe(431);
    expect(tooLong.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await tooLong.json()).toEqual({ error: { code: "request_too_large", message: "The request's address and headers must be at most 65536 bytes", details: null } });
  });
});
