import type { Readable } from "node:stream";

/**
 * A document's body as a Node stream, handed to the web server without a detour through web streams (issue 27,
 * docs/decisions/0102-lean-request-plumbing.md). Remix wants a Fetch `Response`, so the server render
 * (app/entry.server.tsx) gives it a `ReadableStream` that does nothing until someone reads it, and registers the
 * Node stream behind it here. The web server (server/remix-handler.ts) pipes that Node stream to the socket as React
 * writes it; anything else that reads the Response (the idempotency store's `arrayBuffer()`, a test) reads the web
 * stream, which then pulls from the Node stream as `createReadableStreamFromReadable` would.
 */

declare global {
  // Shared by the build's copy of this module and the web server's (server/*.ts is compiled apart).
  // eslint-disable-next-line no-var
  var __pmrNodeBodies: WeakMap<ReadableStream, Readable> | undefined;
}

function bodies() {
  return (globalThis.__pmrNodeBodies ??= new WeakMap());
}

/** A web stream over `source` that attaches to it only when first read (so that it can be piped instead). */
export function lazyWebStream(source: Readable): ReadableStream<Uint8Array> {
  let attached = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (attached) {
          source.resume();
          return;
        }
        attached = true;
        bodies().delete(stream);
        source.on("data", (chunk: Buffer | string) => {
          controller.enqueue(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        source.once("end", () => controller.close());
        source.once("error", (error) => controller.error(error));
      },
      cancel() {
        // Nobody reads it any more (the client went away): no error to raise where no one listens.
        source.destroy();
      },
    },
    // Nothing queued ahead: `pull` runs only when someone reads (with a positive mark the stream would pull at once).
    { highWaterMark: 0 },
  );
  bodies().set(stream, source);
  return stream;
}

/**
 * The Node stream behind `body` when nobody has read it yet (it is then the caller's to pipe, and the web stream
 * is never read), else null.
 */
export function takeNodeBody(body: ReadableStream | null): Readable | null {
  if (!body || body.locked) return null;
  const source = bodies().get(body);
  if (!source) return null;
  bodies().delete(body);
  return source;
}
