import { describe, expect, it } from "vitest";
import { checkCsrf, trustedOrigins, type CsrfRequest } from "~/platform/security/origin";
import { cspDirectives, GA_HOSTS, GTAG_SCRIPT_HOST, serializeCsp } from "~/platform/security/csp";
import { actionPath, limitedKind } from "~/platform/security/limits";
import { uploadTypeProblem } from "~/features/jobs/rules";

const post = (over: Partial<CsrfRequest>): CsrfRequest => ({
  method: "POST",
  origin: null,
  secFetchSite: null,
  host: "127.0.0.1:3000",
  hasAuthorization: false,
  ...over,
});
const trusted = trustedOrigins("https://reviews.example.com/");

describe("the cross-site request rule (ADR 0041)", () => {
  it("trusts the origin of APP_URL only", () => {
    expect(trusted).toEqual(["https://reviews.example.com"]);
    expect(trustedOrigins(undefined)).toEqual([]);
    expect(trustedOrigins("not a url")).toEqual([]);
  });

  it.each([
    ["a GET from anywhere", { method: "GET", origin: "https://evil.example.com", secFetchSite: "cross-site" }],
    ["a HEAD", { method: "HEAD", secFetchSite: "cross-site" }],
    ["the app's own page (Sec-Fetch-Site)", { secFetchSite: "same-origin", origin: "http://127.0.0.1:3000" }],
    ["a typed address (Sec-Fetch-Site none)", { secFetchSite: "none" }],
    ["a bearer-token client, whatever its origin", { hasAuthorization: true, origin: "https://evil.example.com", secFetchSite: "cross-site" }],
    ["no browser headers at all (curl, scripts)", {}],
    ["Origin equal to the Host", { origin: "http://127.0.0.1:3000" }],
    ["Origin equal to APP_URL behind a proxy", { origin: "https://reviews.example.com", host: "10.0.0.5:3000" }],
    ["a cross-site fetch from APP_URL's origin (proxy in between)", { origin: "https://reviews.example.com", secFetchSite: "same-site" }],
  ])("allows %s", (_name, over) => {
    expect(checkCsrf(post(over), trusted)).toEqual({ ok: true });
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example.com" }],
    ["a foreign Origin on another port of the same host", { origin: "http://127.0.0.1:4000" }],
    ["the opaque origin", { origin: "null" }],
    ["a cross-site browser request without Origin", { secFetchSite: "cross-site" }],
    ["a same-site (sibling subdomain) request", { secFetchSite: "same-site", origin: "https://other.example.com" }],
    ["a foreign DELETE", { method: "DELETE", origin: "https://evil.example.com" }],
    ["a foreign PATCH with the session cookie", { method: "patch", origin: "https://evil.example.com", secFetchSite: "cross-site" }],
  ])("refuses %s", (_name, over) => {
    const verdict = checkCsrf(post(over), trusted);
    expect(verdict.ok).toBe(false);
  });
});

describe("the Content-Security-Policy (ADR 0041)", () => {
  const base = { dev: false, production: false, analytics: false, sentryDsn: null, formTargets: ["http://127.0.0.1:5710", "https://open.larksuite.com/open-apis/authen/v1/authorize"] };

  it("runs scripts and style elements only from the app or with the nonce; never inline scripts or eval", () => {
    const d = cspDirectives(base, "'nonce-abc'");
    expect(d["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(d["style-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(d["style-src-attr"]).toEqual(["'unsafe-inline'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["form-action"]).toEqual(["'self'", "http://127.0.0.1:5710", "https://open.larksuite.com"]);
    expect(d["upgrade-insecure-requests"]).toBeUndefined();
    const header = serializeCsp(d as Record<string, string[]>);
    expect(header).not.toMatch(/script-src[^;]*unsafe/);
    expect(header).toContain("frame-ancestors 'none'");
  });

  it("adds Google Analytics' hosts only with GA_GTAG_ID, Sentry's only when it runs, and upgrades requests in production", () => {
    const d = cspDirectives({ ...base, production: true, analytics: true, sentryDsn: "https://key@o1.ingest.sentry.io/42" }, "'nonce-x'");
    expect(d["script-src"]).toEqual(["'self'", "'nonce-x'", GTAG_SCRIPT_HOST]);
    expect(d["connect-src"]).toEqual(["'self'", ...GA_HOSTS, "https://o1.ingest.sentry.io"]);
    expect(d["img-src"]).toEqual(expect.arrayContaining([...GA_HOSTS]));
    expect(d["upgrade-insecure-requests"]).toEqual([]);
    expect(cspDirectives(base, "n")["connect-src"]).toEqual(["'self'"]);
  });

  it("relaxes only the Vite dev server (its inline scripts, eval and websocket), without a nonce", () => {
    const d = cspDirectives({ ...base, dev: true }, "'nonce-abc'");
    expect(d["script-src"]).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(d["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
    expect(JSON.stringify(d)).not.toContain("nonce");
  });
});

describe("what the rate limits count (ADR 0041)", () => {
  it.each([
    ["POST", "/auth/google", null, "sign_in"],
    ["GET", "/auth/google/callback", null, "sign_in"],
    ["GET", "/auth/lark", null, "sign_in"],
    ["POST", "/api/v1/tokens", "application/json", "token"],
    ["POST", "/api/v1/lark/access_token", "application/json", "token"],
    ["POST", "/api/v1/api_tokens", "application/json", "token"],
    ["POST", "/app/api-tokens", "application/x-www-form-urlencoded", "token"],
    ["POST", "/app/api-tokens.data", "application/x-www-form-urlencoded", "token"],
    ["POST", "/api/v1/admin/spoof", "application/json", "token"],
    ["POST", "/api/v1/admin/cycles/3/upload_participant_jobs", "multipart/form-data; boundary=x", "upload"],
    ["POST", "/app/admin/cycles/3/upload-questionnaire", "Multipart/Form-Data; boundary=x", "upload"],
    ["GET", "/api/v1/api_tokens", null, null],
    ["DELETE", "/api/v1/tokens", null, null],
    ["POST", "/api/v1/admin/cycles", "application/json", null],
    ["GET", "/app/authors", null, null],
    ["POST", "/authx", null, null],
  ] as const)("%s %s (%s) → %s", (method, path, type, kind) => {
    expect(limitedKind(method, path, type)).toBe(kind);
  });

  it("reads a page's single-fetch path as the page's", () => {
    expect(actionPath("/app/api-tokens.data")).toBe("/app/api-tokens");
    expect(actionPath("/app/home/")).toBe("/app/home");
    expect(actionPath("/")).toBe("/");
  });
});

describe("upload file types (ADR 0041)", () => {
  it.each([
    ["people.csv", "text/csv"],
    ["people.CSV", "application/vnd.ms-excel"],
    ["people.csv", ""],
    ["people.csv", "application/octet-stream"],
    ["people.txt", "text/plain"],
    ["people", "text/csv; charset=utf-8"],
  ])("takes %s (%s)", (name, type) => {
    expect(uploadTypeProblem(name, type)).toBeNull();
  });

  it.each([
    ["photo.png", "image/png"],
    ["people.csv", "image/png"],
    ["people.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["people.csv.exe", "application/octet-stream"],
    ["people", "application/octet-stream"],
    ["page.html", "text/html"],
    ["people", "application/pdf"],
  ])("refuses %s (%s)", (name, type) => {
    expect(uploadTypeProblem(name, type)).toMatch(/Upload a CSV file/);
  });
});
