import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { lazyWebStream, takeNodeBody } from "~/platform/node-body.server";

/** Issue 27, ADR 0102: a document's Node stream piped by the web server, or read as a web stream by anyone else. */
describe("lazyWebStream / takeNodeBody", () => {
  it("hands the untouched Node stream to the web server once, and the web stream is then not its to read", async () => {
    const source = new PassThrough();
    const body = lazyWebStream(source);
    const response = new Response(body, { status: 404 });
    // A web stream pulls on its own once started unless its high-water mark is 0: it must not have attached.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(source.listenerCount("data")).toBe(0);
    expect(takeNodeBody(response.body)).toBe(source);
    expect(takeNodeBody(body)).toBeNull();
    // Nothing attached to the Node stream: the one who took it reads everything.
    expect(source.listenerCount("data")).toBe(0);
  });

  it("reads as a web stream (a Response's text) with every chunk, in order, multi-byte characters intact", async () => {
    const source = new PassThrough();
    const body = lazyWebStream(source);
    const text = new Response(body).text();
    const bytes = Buffer.from("<p>邮箱</p>", "utf8");
    source.write(bytes.subarray(0, 5));
    source.write(bytes.subarray(5));
    source.write("<p>second</p>");
    source.end();
    expect(await text).toBe("<p>邮箱</p><p>second</p>");
    // Once read, it is no longer offered to the web server.
    expect(takeNodeBody(body)).toBeNull();
  });

  it("pauses the Node stream while the reader has not asked for more (backpressure)", async () => {
    const source = new PassThrough();
    const reader = lazyWebStream(source).getReader();
    const first = reader.read();
    source.write("a");
    source.write("b");
    expect(Buffer.from((await first).value!).toString()).toBe("a");
    expect(source.isPaused()).toBe(true);
    const second = await reader.read();
    expect(Buffer.from(second.value!).toString()).toBe("b");
    source.end();
    expect((await reader.read()).done).toBe(true);
  });

  it("passes the Node stream's error to the reader, and a cancel destroys the Node stream", async () => {
    const failing = new PassThrough();
    const reader = lazyWebStream(failing).getReader();
    const read = reader.read();
    failing.destroy(new Error("render failed"));
    await expect(read).rejects.toThrow("render failed");

    const cancelled = new PassThrough();
    await lazyWebStream(cancelled).cancel(new Error("client gone"));
    expect(cancelled.destroyed).toBe(true);
  });

  it("is not offered for a stream it did not make, nor for none", () => {
    expect(takeNodeBody(new ReadableStream())).toBeNull();
    expect(takeNodeBody(null)).toBeNull();
  });
});
