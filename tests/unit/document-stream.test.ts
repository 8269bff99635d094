import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { streamDocument, styleTags, withStylesOnce } from "~/platform/theme/document-stream.server";
import { createEmotionCache } from "~/platform/theme/emotion-cache";

/** Issue 27: the document goes to the response as React writes it, with the style tags put in <head> on the way. */
const META = '<meta name="emotion-insertion-point" content="emotion-insertion-point"/>';

function collect(stream: NodeJS.ReadableStream): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
}

function collectBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

describe("withStylesOnce", () => {
  it("puts the styles right after the insertion point even when it is split across chunks, then passes chunks on", async () => {
    const t = withStylesOnce(() => "<style>x</style>");
    const out = collect(t);
    t.write("<!DOCTYPE html><html><head>" + META.slice(0, 20));
    t.write(META.slice(20) + "<title>T</title></head>");
    t.write("<body>one</body>");
    t.write("</html>");
    t.end();
    const chunks = await out;
    expect(chunks.join("")).toBe(`<!DOCTYPE html><html><head>${META}<style>x</style><title>T</title></head><body>one</body></html>`);
    // Everything after the head went on as it came, one chunk for each written.
    expect(chunks.slice(1)).toEqual(["<body>one</body>", "</html>"]);
  });

  it("keeps a character whose bytes are split between two chunks before the head is passed (CI at 64d6d47: 邮箱 became 邮箱��)", async () => {
    const t = withStylesOnce(() => "<style>z</style>");
    const out = collectBytes(t);
    const doc = Buffer.from(`<!DOCTYPE html><html><head><title>语言和时区 - PMR</title>${META}</head><body><input placeholder="姓名、邮箱、部门或上级"/></body></html>`, "utf8");
    // Cut inside the title's first character and inside the placeholder's fourth.
    const inTitle = doc.indexOf("语", 0, "utf8") + 1;
    const inPlaceholder = doc.indexOf("邮", 0, "utf8") + 2;
    t.write(doc.subarray(0, inTitle));
    t.write(doc.subarray(inTitle, inPlaceholder));
    t.write(doc.subarray(inPlaceholder));
    t.end();
    const text = (await out).toString("utf8");
    expect(text).toBe(doc.toString("utf8").replace(META, `${META}<style>z</style>`));
  });

  it("falls back to </head>, and adds the doctype when the render did not", async () => {
    const t = withStylesOnce(() => "<style>y</style>");
    const out = collect(t);
    t.end("<html><head><title>T</title></head><body></body></html>");
    expect((await out).join("")).toBe("<!DOCTYPE html><html><head><title>T</title><style>y</style></head><body></body></html>");
  });
});

describe("streamDocument", () => {
  it("streams a rendered document with the styles the render collected", async () => {
    let rendered = 0;
    const Body = () => {
      rendered++;
      return h("p", null, "content");
    };
    const doc = h("html", null, h("head", null, h("meta", { name: "emotion-insertion-point", content: "emotion-insertion-point" })), h("body", null, h(Body)));
    const body = await streamDocument(doc, () => `<style>rendered ${rendered}</style>`, "n0nce");
    const html = (await collect(body)).join("");
    expect(html).toMatch(/^<!DOCTYPE html><html><head><meta name="emotion-insertion-point" content="emotion-insertion-point"\/><style>rendered 1<\/style><\/head><body><p>content<\/p><\/body><\/html>$/);
  });
});

describe("a Chinese page streamed by React 18 (CI at a6ac419: 邮箱 became 邮箱�� in a placeholder)", () => {
  // Many short texts of three-byte characters between ASCII markup: some of React's 2,048-byte views end where the
  // next character does not fit, and React 18.3 sends those views with their unwritten zero bytes.
  const texts = Array.from({ length: 400 }, (_, i) => "姓名、邮箱、部门或上级".slice(0, 1 + (i % 11)));
  const page = () =>
    h("html", null, h("head", null, h("meta", { name: "emotion-insertion-point", content: "emotion-insertion-point" })), h("body", null, ...texts.map((text, i) => h("input", { key: i, placeholder: text }))));

  it("React itself writes NUL bytes for this page (the defect the stream works around)", async () => {
    const { renderToPipeableStream } = await import("react-dom/server");
    const { PassThrough } = await import("node:stream");
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const sink = new PassThrough();
      collectBytes(sink).then(resolve, reject);
      const { pipe } = renderToPipeableStream(page(), { onShellReady: () => pipe(sink), onShellError: reject });
    });
    expect(raw.includes(0)).toBe(true);
  });

  it("streamDocument sends no NUL byte and every placeholder whole", async () => {
    const html = (await collectBytes(await streamDocument(page(), () => "", undefined))).toString("utf8");
    expect(html.includes("\0")).toBe(false);
    expect(html.includes("\uFFFD")).toBe(false);
    expect([...html.matchAll(/placeholder="([^"]*)"/g)].map((m) => m[1])).toEqual(texts);
  });

  it("withoutViewPadding drops only the trailing zeros of a whole view", async () => {
    const { withoutViewPadding } = await import("~/platform/theme/document-stream.server");
    const view = Buffer.alloc(2048, 0x61);
    view.fill(0, 2046);
    expect(withoutViewPadding(view).length).toBe(2046);
    expect(withoutViewPadding(Buffer.from("ab\0", "latin1")).length).toBe(3);
    expect(withoutViewPadding(Buffer.alloc(2048, 0x61))).toHaveLength(2048);
  });
});

describe("styleTags", () => {
  it("writes no emotion tag for a render that did no style work, and one with the nonce otherwise", () => {
    const cache = createEmotionCache("n0nce");
    expect(styleTags(cache)).toBe("");
    // As in a server render (emotion keeps each rule's text when the cache is in compat mode, as its SSR sets it).
    cache.compat = true;
    cache.registered["css-abc"] = "color:red;";
    cache.insert(".css-abc", { name: "abc", styles: "color:red;", next: undefined, map: undefined } as never, cache.sheet, true);
    expect(styleTags(cache)).toMatch(/^<style data-emotion="css abc" nonce="n0nce">.*color:red;.*<\/style>$/);
  });
});
