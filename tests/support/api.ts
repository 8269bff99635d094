import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { getDb } from "~/platform/db.server";
import { API_TOKEN_TTL_MS, hashToken, newTokenValue } from "~/platform/auth.server";
import type { Role } from "~/generated/prisma/client.ts";

/** A user with a unique email, for integration tests sharing one database. */
export async function createTestUser(input: { role?: Role; name?: string; managerId?: number; hrPartnerId?: number } = {}) {
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  return db.user.create({
    data: {
      email: `${(input.name ?? "user").toLowerCase().replace(/\W+/g, ".")}.${tag}@test.example.com`,
      name: input.name ?? `Test User ${tag}`,
      role: input.role ?? "EMPLOYEE",
      managerId: input.managerId,
      hrPartnerId: input.hrPartnerId,
    },
  });
}

/** A bearer token for the user, stored the way POST /api/v1/tokens stores it. */
export async function bearerFor(userId: number): Promise<string> {
  const db = await getDb();
  const token = newTokenValue();
  await db.apiToken.create({
    data: { userId, tokenHash: hashToken(token), provider: "test", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) },
  });
  return token;
}

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/** Call a route module's loader or action like Remix would, with a real Request. */
export async function callRoute(
  handler: Handler,
  opts: { method?: string; path: string; token?: string; body?: unknown; rawBody?: string; params?: Record<string, string> },
): Promise<{ status: number; body: any; response: Response }> {
  const headers = new Headers();
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://127.0.0.1${opts.path}`, { method: opts.method ?? "GET", headers, body });
  const result = await handler({ request, params: opts.params ?? {}, context: {} } as never);
  const response = result instanceof Response ? result : Response.json(result);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, response };
}
