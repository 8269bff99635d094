/**
 * The same request sent twice changes state once (docs/decisions/0045-idempotency-and-scale-out.md): in front of
 * the Remix handler, every /api/v1 mutation with an `Idempotency-Key` and every signed-in page form submission
 * (`idempotencyScope`) has its body read, then goes to the app's `runOnce` (app/platform/idempotency.server.ts,
 * through the build), which runs it through Remix once and answers repeats from the store. Other requests go
 * to the Remix handler untouched.
 *
 * Unlike the Remix handler, such a request is not cancelled when its client goes away: a double click cancels
 * the first submission in the browser, and its answer is what the second one gets.
 */
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { MAX_IDEMPOTENT_BODY_BYTES, idempotencyScope } from "~/platform/idempotency";
import type { Access } from "~/platform/security/route-policy-types";
import type { RouteMethods } from "./route-methods";

/** The route a request reaches: the methods it serves and who may call each (server/route-methods.ts). */
export type RouteGate = { methods: string[]; access: Partial<Record<string, Access>> };
export type RunOnce = (request: Request, body: Uint8Array, run: (request: Request) => Promise<Response>, route?: RouteGate) => Promise<Response>;

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  runOnce: RunOnce;
  /** The methods each path serves: an Idempotency-Key is looked at only after the method and role checks pass. */
  routeMethods?: RouteMethods;
};

/** The request's URL as @remix-run/express builds it (host and port from X-Forwarded-Host or Host). */
function urlOf(req: ExpressRequest): URL {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwarded = portOf(req.get("X-Forwarded-Host"));
  const host = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(host) ? host : null;
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/** The request's headers for a Fetch Request (repeated ones appended). */
function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Writes a Fetch Response (its body already whole: runOnce buffers it) to Express. */
async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The whole body, or null when it is larger than MAX_IDEMPOTENT_BODY_BYTES. */
async function readBody(req: ExpressRequest): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IDEMPOTENT_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** `remix` for the requests that may simply run; runOnce for the others. */
export function idempotentRequests(remix: RequestHandler, opts: Options): RequestHandler {
  const handle = createFetchHandler(opts.build, opts.mode);
  return (req, res, next) => {
    const headers = { get: (name: string) => req.get(name) ?? null };
    if (!idempotencyScope(req.method, req.path, headers)) return remix(req, res, next);
    // A body too large to be held passes through: the app refuses it (413) before reading it whole.
    if (Number(req.get("content-length") ?? 0) > MAX_IDEMPOTENT_BODY_BYTES) return remix(req, res, next);
    void (async () => {
      const body = await readBody(req);
      if (body === null) {
        const message = "The request body is too large";
        if (req.path.startsWith("/api/")) res.status(413).json({ error: { code: "payload_too_large", message, details: null } });
        else res.status(413).type("text/plain").send(message);
        return;
      }
      const request = new Request(urlOf(req), { method: req.method, headers: headersOf(req), body: body.length > 0 ? body : undefined });
      const context = opts.getLoadContext(req, res);
      const route = opts.routeMethods?.(req.path);
      const gate = route?.known ? { methods: route.methods, access: route.access } : undefined;
      const response = await opts.runOnce(request, body, (r) => handle(r, context), gate);
      await send(res, response);
    })().catch((err: unknown) => {
      // The store could not be reached (the request did not run, or its answer could not be kept): 503, retry later.
      console.error("idempotent request failed", err);
      if (res.headersSent) return next(err);
      const message = "The service is busy; please try again";
      if (req.path.startsWith("/api/")) res.status(503).json({ error: { code: "service_unavailable", message, details: null } });
      else res.status(503).type("text/plain").send(message);
    });
  };
}
