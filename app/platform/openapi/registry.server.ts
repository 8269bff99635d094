import { extendZodWithOpenApi, OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { limitedKind } from "~/platform/security/limits";

// Adds .openapi() to zod schemas (used for named components such as Error).
extendZodWithOpenApi(z);

/**
 * The /api/v1 description. Each feature has a contract module `app/features/<feature>/contract.server.ts` that
 * defines its zod input and output schemas (the route modules parse with them) and registers its
 * routes with `registerRoute`; `buildOpenApiDocument` loads every contract module and generates
 * the document from this registry. (Route modules themselves may only export loader/action, so
 * registration cannot live at their top level.)
 */
export const registry = new OpenAPIRegistry();

export const bearerAuth = registry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  description: "A token from POST /api/v1/tokens (or the page session cookie)",
});

export const ErrorBodySchema = registry.register(
  "Error",
  z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown() }) }),
);

/**
 * The optional `Idempotency-Key` header of every mutation (server/idempotency.ts; ADR 0045): a repeat with the same
 * key and request gets the first answer again without running; the same key with another request, 422; while the
 * first still runs, 409. Keys are kept 24 h, per user.
 */
const IdempotencyKeyHeader = registry.registerParameter(
  "IdempotencyKey",
  z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .openapi({
      param: { name: "Idempotency-Key", in: "header", required: false },
      description: "A unique key per intended change (e.g. a UUID): a retry with the same key and request is answered from the first call; kept 24 hours.",
      example: "6f1c3e1e-7a51-4d2e-9a43-5d9a3c9e2b10",
    }),
);
const MUTATING_METHODS: ReadonlySet<string> = new Set(["post", "put", "patch", "delete"]);
/** `request.headers` of a mutation registered with registry.registerPath directly (multipart bodies). */
export const IdempotencyKeyHeaders = z.object({ "Idempotency-Key": IdempotencyKeyHeader });
/** The 422 of a mutation registered with registry.registerPath directly. */
export const idempotencyKeyReused = { description: "The Idempotency-Key was used for another request", content: { "application/json": { schema: ErrorBodySchema } } };

const errorResponses = {
  400: { description: "Invalid input", content: { "application/json": { schema: ErrorBodySchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorBodySchema } } },
  403: { description: "Not allowed", content: { "application/json": { schema: ErrorBodySchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorBodySchema } } },
  409: { description: "Conflicts with the current state", content: { "application/json": { schema: ErrorBodySchema } } },
};

type RegisterInput = {
  method: RouteConfig["method"];
  /** OpenAPI path, e.g. /api/v1/admin/cycles/{id} */
  path: string;
  summary: string;
  tags?: string[];
  public?: boolean;
  request?: { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType };
  /** status → schema (null for an empty body) */
  responses: Record<number, z.ZodType | null>;
};

const registered = new Set<string>();

export function registerRoute(input: RegisterInput): void {
  const key = `${input.method} ${input.path}`;
  if (registered.has(key)) return;
  registered.add(key);
  const responses: RouteConfig["responses"] = {};
  for (const [status, schema] of Object.entries(input.responses)) {
    responses[status] = schema
      ? { description: Number(status) < 400 ? "OK" : "Error", content: { "application/json": { schema } } }
      : { description: "No content" };
  }
  for (const [status, response] of Object.entries(errorResponses)) {
    responses[status] ??= response;
  }
  const mutating = MUTATING_METHODS.has(input.method);
  // 422: well-formed input that a rule over its values refuses (ADR 0060, "Statuses of refusals"); on a write also a
  // reused Idempotency-Key.
  if (mutating || input.request?.query || input.request?.body) {
    responses[422] ??= {
      description: mutating ? "A rule over the values refuses the input, or the Idempotency-Key was used for another request" : "A rule over the values refuses the input",
      content: { "application/json": { schema: ErrorBodySchema } },
    };
  }
  // A body sent as anything but application/json, or content-encoded, is refused (app/platform/api.server.ts; ADR 0060).
  if (input.request?.body) {
    responses[415] ??= { description: "The body is not application/json, or is content-encoded", content: { "application/json": { schema: ErrorBodySchema } } };
  }
  // The token endpoints count against a rate limit (server/security.ts; ADR 0041).
  if (limitedKind(input.method, input.path, null)) {
    responses[429] ??= { description: "Too many requests from this address; see Retry-After", content: { "application/json": { schema: ErrorBodySchema } } };
  }
  registry.registerPath({
    method: input.method,
    path: input.path,
    summary: input.summary,
    tags: input.tags ?? [input.path.split("/")[3] ?? "api"],
    security: input.public ? [] : [{ [bearerAuth.name]: [] }],
    request: {
      params: input.request?.params,
      query: input.request?.query,
      headers: mutating ? IdempotencyKeyHeaders : undefined,
      // Required exactly when the server refuses a missing body (parseJsonBody reads none as {}; ADR 0060).
      body: input.request?.body
        ? { required: !input.request.body.safeParse({}).success, content: { "application/json": { schema: input.request.body } } }
        : undefined,
    },
    responses,
  });
}
