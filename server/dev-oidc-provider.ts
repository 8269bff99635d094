/**
 * Local OpenID provider for development and tests — never started in production.
 *
 * A small real HTTP server (node:http) on a loopback address with an RS256 key pair generated at start:
 *   OpenID Connect (the Google sign-in in development):
 *     GET  /.well-known/openid-configuration, GET /jwks,
 *     GET  /authorize            a page listing the demo users (and a free-text email field)
 *     POST /authorize            the choice → 302 to redirect_uri?code&state
 *     POST /token                authorization_code grant → access_token + id_token (client_secret_post or basic)
 *     GET  /userinfo             Bearer access token → claims
 *   Lark-shaped (the second provider's authorization-code sign-in; production talks to the Lark open platform):
 *     GET/POST /open-apis/authen/v1/authorize    same picker (client_id, or the older app_id)
 *     POST     /open-apis/authen/v2/oauth/token  JSON {grant_type, client_id, client_secret, code, redirect_uri}
 *                                                → {code:0, access_token, token_type, expires_in, scope}
 *     GET      /open-apis/authen/v1/user_info    Bearer → {code:0, msg, data:{email, enterprise_email, name, avatar_url, …}}
 *
 * Codes are one-time and expire after 5 minutes; they are bound to the client and redirect_uri.
 * Anyone who can reach the provider can sign in as any listed email: that is its purpose, hence
 * loopback only and never in production (see docs/decisions/0004-sign-in.md).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { env } from "~/platform/env.server";
import { DEV_CLIENTS } from "~/features/auth/sso-settings.server";

export type DevUser = { email: string; name: string; role: string };

export type DevOidcProviderOptions = {
  port: number;
  /** A loopback address (default 127.0.0.1). */
  host?: string;
  listUsers: () => Promise<DevUser[]>;
  /** Registered clients (default: the development Google and Lark clients of sso-settings.server.ts). */
  clients?: Array<{ clientId: string; clientSecret: string }>;
};

export type DevOidcProvider = { issuer: string; close(): Promise<void> };

const CODE_TTL_MS = 5 * 60 * 1000;
const ID_TOKEN_TTL_S = 60 * 60;
const ACCESS_TOKEN_TTL_S = 2 * 60 * 60;
const LARK_AUTHORIZE_PATH = "/open-apis/authen/v1/authorize";

type Grant = { clientId: string; redirectUri: string; email: string; name: string; nonce?: string; scope: string; expiresAt: number };
type AccessGrant = { email: string; name: string; clientId: string; expiresAt: number };

export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const nameFromEmail = (email: string) =>
  email
    .split("@")[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join(" ") || email;

const subjectFor = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 24);

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error("Request body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const isText = typeof body === "string";
  res.writeHead(status, {
    "Content-Type": isText ? "text/html; charset=utf-8" : "application/json",
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(isText ? body : JSON.stringify(body));
}

function bearer(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return m ? m[1]! : null;
}

/** Client authentication: client_secret_basic (Authorization: Basic) or client_secret_post (body). */
function clientCredentials(req: IncomingMessage, body: Record<string, string>): { clientId?: string; clientSecret?: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (basic) {
    const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":");
    return { clientId: decodeURIComponent(id ?? ""), clientSecret: decodeURIComponent(secret ?? "") };
  }
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

function validRedirectUri(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.hash;
  } catch {
    return false;
  }
}

export async function startDevOidcProvider(opts: DevOidcProviderOptions): Promise<DevOidcProvider> {
  if (env().isProduction) throw new Error("The local OpenID provider is for development and tests only; refusing to start in production");
  const host = opts.host ?? "127.0.0.1";
  if (!isLoopbackHost(host)) throw new Error(`The local OpenID provider listens on loopback only, not on ${host}`);

  const clients = new Map((opts.clients ?? [DEV_CLIENTS.google, DEV_CLIENTS.lark]).map((c) => [c.clientId, c.clientSecret]));
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessGrant>();
  let issuer = "";

  const sweep = () => {
    const now = Date.now();
    for (const [k, g] of codes) if (g.expiresAt < now) codes.delete(k);
    for (const [k, g] of accessTokens) if (g.expiresAt < now) accessTokens.delete(k);
  };

  /** The authorize request's parameters, or why it cannot be served (never redirected: the redirect_uri is not trusted yet). */
  function authorizeParams(params: Record<string, string>): { ok: true; p: Omit<Grant, "email" | "name" | "expiresAt"> & { state?: string } } | { ok: false; message: string } {
    const clientId = params.client_id ?? params.app_id;
    if (!clientId || !clients.has(clientId)) return { ok: false, message: "Unknown client_id" };
    if (!validRedirectUri(params.redirect_uri)) return { ok: false, message: "redirect_uri must be an absolute http(s) URL" };
    if (params.response_type && params.response_type !== "code") return { ok: false, message: "Only response_type=code is supported" };
    return {
      ok: true,
      p: { clientId, redirectUri: params.redirect_uri, state: params.state, nonce: params.nonce || undefined, scope: params.scope ?? "openid email profile" },
    };
  }

  async function pickerPage(action: string, params: Record<string, string>, clientId: string): Promise<string> {
    const users = await opts.listUsers();
    const keep = ["client_id", "app_id", "redirect_uri", "state", "nonce", "scope", "response_type"]
      .filter((k) => params[k] !== undefined)
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k]!)}">`)
      .join("");
    const rows = users
      .map(
        (u) => `<li><form method="post" action="${escapeHtml(action)}">${keep}<input type="hidden" name="email" value="${escapeHtml(u.email)}">
<button type="submit"><strong>${escapeHtml(u.name)}</strong> &lt;${escapeHtml(u.email)}&gt; <small>${escapeHtml(u.role)}</small></button></form></li>`,
      )
      .join("\n");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local sign-in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}ul{list-style:none;padding:0}
li{margin:.4rem 0}button{width:100%;text-align:left;padding:.6rem .8rem;cursor:pointer}small{color:#666;float:right}
.note{color:#a33}</style></head><body>
<h1>Local sign-in</h1>
<p class="note">Development identity provider: choose who you are. Never used in production.</p>
<p>Signing in to <code>${escapeHtml(clientId)}</code>.</p>
<ul>${rows || "<li>No users in the database yet.</li>"}</ul>
<h2>Another email address</h2>
<form method="post" action="${escapeHtml(action)}">${keep}
<label>Email <input type="email" name="email" required></label> <button type="submit" style="width:auto">Continue</button></form>
</body></html>`;
  }

  async function handleAuthorize(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === "GET") {
      const params = Object.fromEntries(url.searchParams);
      const checked = authorizeParams(params);
      if (!checked.ok) return send(res, 400, `<!doctype html><p>${escapeHtml(checked.message)}</p>`);
      return send(res, 200, await pickerPage(url.pathname, params, checked.p.clientId));
    }
    if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" }, { Allow: "GET, POST" });
    const body = await readBody(req);
    const checked = authorizeParams(body);
    if (!checked.ok) return send(res, 400, `<!doctype html><p>${escapeHtml(checked.message)}</p>`);
    const email = (body.email ?? "").trim().toLowerCase();
    const back = new URL(checked.p.redirectUri);
    if (checked.p.state !== undefined) back.searchParams.set("state", checked.p.state);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      back.searchParams.set("error", "access_denied");
      return send(res, 302, "", { Location: back.toString() });
    }
    const listed = (await opts.listUsers()).find((u) => u.email.toLowerCase() === email);
    const code = randomBytes(24).toString("base64url");
    codes.set(code, {
      clientId: checked.p.clientId,
      redirectUri: checked.p.redirectUri,
      nonce: checked.p.nonce,
      scope: checked.p.scope,
      email,
      name: listed?.name ?? nameFromEmail(email),
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    back.searchParams.set("code", code);
    return send(res, 302, "", { Location: back.toString() });
  }

  /** Checks the client and redeems the one-time code; returns the grant or an OAuth error. */
  function redeem(
    creds: { clientId?: string; clientSecret?: string },
    code: string | undefined,
    redirectUri: string | undefined,
  ): { grant: Grant } | { status: number; error: string; description: string } {
    sweep();
    if (!creds.clientId || !clients.has(creds.clientId) || clients.get(creds.clientId) !== creds.clientSecret)
      return { status: 401, error: "invalid_client", description: "Unknown client or wrong secret" };
    const grant = code ? codes.get(code) : undefined;
    if (!grant) return { status: 400, error: "invalid_grant", description: "The code is unknown, expired or already used" };
    codes.delete(code!); // one-time, even when the rest of the request is wrong
    if (grant.clientId !== creds.clientId) return { status: 400, error: "invalid_grant", description: "The code was issued to another client" };
    if (grant.redirectUri !== redirectUri) return { status: 400, error: "invalid_grant", description: "redirect_uri does not match the authorization request" };
    return { grant };
  }

  function newAccessToken(grant: Grant, ttlSeconds: number): string {
    const token = randomBytes(32).toString("base64url");
    accessTokens.set(token, { email: grant.email, name: grant.name, clientId: grant.clientId, expiresAt: Date.now() + ttlSeconds * 1000 });
    return token;
  }

  function accessGrant(req: IncomingMessage): AccessGrant | null {
    const token = bearer(req);
    const grant = token ? accessTokens.get(token) : undefined;
    if (!grant || grant.expiresAt < Date.now()) return null;
    return grant;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", issuer);
    const path = url.pathname;
    if (path === "/.well-known/openid-configuration" && req.method === "GET") {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        claims_supported: ["iss", "sub", "aud", "iat", "exp", "email", "email_verified", "name", "nonce"],
      });
    }
    if (path === "/jwks" && req.method === "GET") return send(res, 200, { keys: [publicJwk] });
    if (path === "/favicon.ico") return send(res, 204, "");
    if (path === "/authorize" || path === LARK_AUTHORIZE_PATH) return handleAuthorize(req, res, url);

    if (path === "/token") {
      if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" }, { Allow: "POST" });
      const body = await readBody(req);
      if (body.grant_type !== "authorization_code")
        return send(res, 400, { error: "unsupported_grant_type", error_description: "Only authorization_code is supported" });
      const result = redeem(clientCredentials(req, body), body.code, body.redirect_uri);
      if (!("grant" in result)) return send(res, result.status, { error: result.error, error_description: result.description });
      const { grant } = result;
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ email: grant.email, email_verified: true, name: grant.name, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(issuer)
        .setSubject(subjectFor(grant.email))
        .setAudience(grant.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + ID_TOKEN_TTL_S)
        .sign(privateKey);
      return send(res, 200, {
        access_token: newAccessToken(grant, ID_TOKEN_TTL_S),
        token_type: "Bearer",
        expires_in: ID_TOKEN_TTL_S,
        id_token: idToken,
        scope: grant.scope,
      });
    }

    if (path === "/userinfo" && req.method === "GET") {
      const grant = accessGrant(req);
      if (!grant) return send(res, 401, { error: "invalid_token" }, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
      return send(res, 200, { sub: subjectFor(grant.email), email: grant.email, email_verified: true, name: grant.name });
    }

    if (path === "/open-apis/authen/v2/oauth/token") {
      if (req.method !== "POST") return send(res, 405, { code: 20001, error: "method_not_allowed" }, { Allow: "POST" });
      const body = await readBody(req);
      if (body.grant_type !== "authorization_code")
        return send(res, 400, { code: 20001, error: "unsupported_grant_type", error_description: "Only authorization_code is supported" });
      const result = redeem(clientCredentials(req, body), body.code, body.redirect_uri);
      if (!("grant" in result))
        return send(res, result.status, { code: result.error === "invalid_client" ? 20002 : 20003, error: result.error, error_description: result.description });
      return send(res, 200, {
        code: 0,
        access_token: newAccessToken(result.grant, ACCESS_TOKEN_TTL_S),
        token_type: "Bearer",
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: result.grant.scope,
      });
    }

    if (path === "/open-apis/authen/v1/user_info" && req.method === "GET") {
      const grant = accessGrant(req);
      if (!grant) return send(res, 401, { code: 99991668, msg: "Invalid access token for authorization. Please make a request with token attached." });
      const openId = `ou_${subjectFor(grant.email)}`;
      return send(res, 200, {
        code: 0,
        msg: "success",
        data: {
          name: grant.name,
          en_name: grant.name,
          avatar_url: "",
          open_id: openId,
          union_id: `on_${subjectFor(grant.email + "#union")}`,
          email: grant.email,
          enterprise_email: grant.email,
          tenant_key: "pmr-dev",
        },
      });
    }

    return send(res, 404, { error: "not_found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) send(res, 400, { error: "invalid_request", error_description: err instanceof Error ? err.message : String(err) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  issuer = `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
