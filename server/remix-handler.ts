/**
 * The Remix request handler for Express, leaner than @remix-run/express's (issue 27, ADR 0102), with the same
 * behaviour: the same URL (host and port from X-Forwarded-Host or Host, `req.hostname` under "trust proxy", the
 * original URL), the same headers, the body of a non-GET request as a stream, loaders and actions aborted when the
 * client goes away before the answer is written, the answer's status, headers and body as Remix gives them.
 *
 * What it saves per request: a document's body is piped from React's Node stream straight to the socket
 * (app/platform/node-body.server.ts) instead of through a web `ReadableStream`, its reader and one `write` per
 * read; one `close` listener instead of two.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createReadableStreamFromReadable, createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { takeNodeBody } from "~/platform/node-body.server";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/** The request's URL as @remix-run/express builds it. */
export function remixUrl(req: ExpressRequest): string {
  const portOf = (value: string | undefined) => (value === undefined ? NaN : Number.parseInt(value.split(":")[1] ?? "", 10));
  const forwarded = portOf(req.get("X-Forwarded-Host"));
  const host = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(host) ? host : null;
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** The request's headers for a Fetch Request, as @remix-run/express builds them (Node's joined `req.headers`). */
export function remixHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  const all = req.headers;
  for (const name in all) {
    const value = all[name];
    if (!value) continue;
    if (typeof value === "string") headers.set(name, value);
    else for (const v of value) headers.append(name, v);
  }
  return headers;
}

/** A Fetch Request for `req`, aborted when the client goes away before the answer is written. */
export function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: remixHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(remixUrl(req), init);
}

/** Writes Remix's answer: the status and headers, then the body (piped from Node's stream when it is one). */
export async function sendRemixResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  const body = response.body;
  if (!body) {
    res.end();
    return;
  }
  const source = takeNodeBody(body);
  if (source) {
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      res.once("close", done);
      source.once("error", (error) => {
        res.destroy(error);
        resolve();
      });
      source.pipe(res);
    });
    return;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

/** The Express handler that answers with Remix. */
export function createRemixHandler(opts: Options): RequestHandler {
  const handle = createFetchHandler(opts.build, opts.mode);
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    void (async () => {
      const request = remixRequest(req, res);
      const response = await handle(request, opts.getLoadContext(req, res));
      await sendRemixResponse(res, response);
    })().catch(next);
  };
}
