/**
 * The same request sent twice changes state once (docs/decisions/0045-idempotency-and-scale-out.md). The web
 * process (server/idempotency.ts) hands every request `idempotencyScope` names to `runOnce`, with its body read:
 *
 * - the first claims a row of IdempotentRequest (unique per user and key, so one claim wins across processes),
 *   runs, and stores its answer (status, headers, body); a 5xx answer or a failure frees the key instead, as the
 *   request may be tried again;
 * - a repeat with the same request gets the stored answer again (header `Idempotent-Replayed: true`) without
 *   running; with another request under the same key, 422; while the first still runs, 409 (API) or, for a page
 *   form's second click, a wait for the first's answer.
 *
 * Keys belong to the user the token or session acts as; an expired row counts as absent and is deleted.
 */
import { Prisma } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { ApiError, conflict, errorResponse } from "~/platform/api.server";
import { getCurrentUser, requireApiUser, type CurrentUser } from "~/platform/auth.server";
import type { Access } from "~/platform/security/route-policy-types";
import {
  API_KEY_TTL_MS,
  FORM_REPEAT_WINDOW_MS,
  FORM_WAIT_MS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  RUNNING_STALE_MS,
  idempotencyScope,
  invalidKeyReason,
  requestHash,
  type IdempotencyScope,
} from "~/platform/idempotency";

type Stored = { id: number; requestHash: string; status: number | null; headers: unknown; body: Uint8Array | null; createdAt: Date };
type Claim = { kind: "run"; id: number } | { kind: "answer"; response: Response };

const POLL_MS = 100;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** The user whose key it is, or null (not signed in: the request runs as it is and the app answers 401/redirects). */
async function ownerOf(scope: IdempotencyScope, request: Request): Promise<CurrentUser | null> {
  if (scope === "form") return getCurrentUser(request);
  return requireApiUser(request).catch(() => null);
}

/**
 * Whether the policy row refuses the caller whatever the URL names: it allows roles only (no relationship to the
 * object could let them in) and the caller holds none of them.
 */
function refusedByRole(owner: CurrentUser, access: Access | undefined): boolean {
  if (!access) return false;
  const roleOf: Record<string, (role: string) => boolean> = {
    anonymous: () => true,
    signedIn: () => true,
    superAdmin: (role) => role === "SUPER_ADMIN",
    hrOps: (role) => role === "HR_OPS",
    scimToken: () => false,
  };
  if (!access.allow.every((p) => p in roleOf)) return false;
  return !access.allow.some((p) => roleOf[p]!(owner.user.role));
}

/** The stored answer as a Response. */
function replay(row: Stored): Response {
  const headers = new Headers();
  for (const [name, value] of (row.headers as Array<[string, string]> | null) ?? []) headers.append(name, value);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, "true");
  const nullBody = row.status === 204 || row.status === 304;
  return new Response(nullBody ? null : new Uint8Array(row.body ?? new Uint8Array()), { status: row.status ?? 200, headers });
}

/** Deletes every expired row now and then (each process at most every 10 minutes; never waited for). */
function sweepExpired(): void {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  void getDb()
    .then((db) => db.idempotentRequest.deleteMany({ where: { expiresAt: { lt: new Date(now) } } }))
    .catch(() => {});
}

/** Claims (userId, key) for this request, or gives the answer a repeat gets. */
async function claim(scope: IdempotencyScope, userId: number, key: string, hash: string, deadline: number): Promise<Claim> {
  const db = await getDb();
  for (;;) {
    const now = new Date();
    await db.idempotentRequest.deleteMany({ where: { userId, key, expiresAt: { lt: now } } });
    // ON CONFLICT DO NOTHING: of two requests at the same moment (in any process), one inserts.
    const ttl = scope === "api" ? API_KEY_TTL_MS : RUNNING_STALE_MS + FORM_REPEAT_WINDOW_MS;
    const { count } = await db.idempotentRequest.createMany({
      data: [{ userId, key, requestHash: hash, expiresAt: new Date(now.getTime() + ttl) }],
      skipDuplicates: true,
    });
    if (count === 1) {
      const row = await db.idempotentRequest.findUniqueOrThrow({ where: { userId_key: { userId, key } }, select: { id: true } });
      // A form submission ends the repeat window of the user's earlier, answered ones: only the same submission
      // twice in a row is one (A, B, A within seconds runs A twice).
      if (scope === "form") await db.idempotentRequest.deleteMany({ where: { userId, key: { startsWith: formPrefixOf(key), not: key }, status: { not: null } } });
      return { kind: "run", id: row.id };
    }
    const row: Stored | null = await db.idempotentRequest.findUnique({ where: { userId_key: { userId, key } } });
    if (!row) continue; // freed or expired in between: claim again
    if (row.requestHash !== hash) {
      return {
        kind: "answer",
        response: errorResponse(new ApiError(422, "idempotency_key_reused", `This ${IDEMPOTENCY_KEY_HEADER} was used for another request`)),
      };
    }
    if (row.status !== null) return { kind: "answer", response: replay(row) };
    if (now.getTime() - row.createdAt.getTime() > RUNNING_STALE_MS) {
      // Claimed by a request whose process died: take it over (one taker wins the conditional update).
      const taken = await db.idempotentRequest.updateMany({ where: { id: row.id, status: null, createdAt: row.createdAt }, data: { createdAt: now } });
      if (taken.count === 1) return { kind: "run", id: row.id };
      continue;
    }
    if (scope === "api" || Date.now() >= deadline) {
      return { kind: "answer", response: errorResponse(conflict("A request with this key is still being processed; retry later", { key: scope === "api" ? key : null })) };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** "form:" or, while spoofing, "as:<real user>:form:" (the keys of one person's page submissions). */
const formPrefixOf = (key: string) => key.slice(0, key.indexOf("form:") + "form:".length);

async function release(id: number): Promise<void> {
  const db = await getDb();
  await db.idempotentRequest.deleteMany({ where: { id, status: null } });
}

async function store(scope: IdempotencyScope, id: number, response: Response): Promise<Response> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers.entries()];
  const now = Date.now();
  const db = await getDb();
  await db.idempotentRequest.update({
    where: { id },
    data: {
      status: response.status,
      headers: headers as unknown as Prisma.InputJsonValue,
      body,
      completedAt: new Date(now),
      ...(scope === "form" ? { expiresAt: new Date(now + FORM_REPEAT_WINDOW_MS) } : {}),
    },
  });
  return new Response(response.status === 204 || response.status === 304 ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Runs `run` once for a request `idempotencyScope` names (its body already read into `request`, the same bytes as
 * `body`), giving repeats the first one's answer. Other requests simply run.
 */
export async function runOnce(
  request: Request,
  body: Uint8Array,
  run: (request: Request) => Promise<Response>,
  route?: { methods: string[]; access: Partial<Record<string, Access>> },
): Promise<Response> {
  const url = new URL(request.url);
  const scope = idempotencyScope(request.method, url.pathname, request.headers);
  if (!scope) return run(request);
  let key = "";
  if (scope === "api") {
    key = request.headers.get(IDEMPOTENCY_KEY_HEADER)!.trim();
    const reason = invalidKeyReason(key);
    if (reason) return errorResponse(new ApiError(400, "invalid_idempotency_key", reason));
  }
  const owner = await ownerOf(scope, request);
  if (!owner) return run(request);
  // The method and the caller's role come before the key (ADR 0060): a request its route refuses with 405 or 403
  // changes nothing, so it runs as it is and gets that answer, whatever was sent under its key before.
  if (route && scope === "api" && (!route.methods.includes(request.method.toUpperCase()) || refusedByRole(owner, route.access[request.method.toUpperCase()]))) {
    return run(request);
  }
  sweepExpired();
  const hash = requestHash(request.method, url.pathname + url.search, request.headers.get("content-type"), body);
  if (scope === "form") key = `form:${hash}`;
  if (owner.realUser) key = `as:${owner.realUser.id}:${key}`;
  const claimed = await claim(scope, owner.user.id, key, hash, Date.now() + FORM_WAIT_MS);
  if (claimed.kind === "answer") return claimed.response;
  let response: Response;
  try {
    response = await run(request);
  } catch (err) {
    await release(claimed.id).catch(() => {});
    throw err;
  }
  // A 5xx frees the key (the call may be retried). So does a refused page form (4xx): it changed nothing, and the
  // same form sent again once the state has changed must run again, not get the old refusal.
  if (response.status >= 500 || (scope === "form" && response.status >= 400)) {
    await release(claimed.id);
    return response;
  }
  return store(scope, claimed.id, response);
}
