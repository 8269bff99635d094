/**
 * The server build's memory plugins (ADR 0106): the SSR bundle re-printed compact and in ASCII with the same
 * behaviour, and the generated Prisma client's WebAssembly read from its file (the build fails if it cannot be).
 */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { compactServerBundle, prismaWasmFromFile } from "../../scripts/lib/server-build-memory";

type Hook = (this: unknown, ...args: unknown[]) => unknown;

async function renderChunk(ssr: boolean, code: string): Promise<string | null> {
  const plugin = compactServerBundle();
  (plugin.configResolved as Hook).call({}, { build: { ssr } });
  const hook = plugin.renderChunk as { order: string; handler: Hook };
  expect(hook.order).toBe("post");
  const out = (await hook.handler.call({}, code, { fileName: "index.js" })) as { code: string } | null;
  return out?.code ?? null;
}

describe("compactServerBundle", () => {
  const source = [
    "// a comment",
    "export function greeting(lang) {",
    '  const texts = { en: "Welcome back", "zh-CN": "欢迎回来" };',
    "  return texts[lang] + /·{2}/.test('··');",
    "}",
    "",
  ].join("\n");

  it("re-prints the server chunk without whitespace, in ASCII, keeping names and behaviour", async () => {
    const out = await renderChunk(true, source);
    expect(out).not.toBeNull();
    expect(/[^\x00-\xff]/.test(out!)).toBe(false); // one byte a character for V8
    expect(out).toContain("function greeting(");
    expect(out!.length).toBeLessThan(source.length);
    const run = (code: string) => {
      const context: { greeting?: (lang: string) => string } = {};
      vm.runInNewContext(code.replace(/export\s*\{\s*greeting\s*\};?|export /, ""), context);
      return [context.greeting!("en"), context.greeting!("zh-CN")];
    };
    expect(run(out!)).toEqual(run(source));
    expect(run(out!)[1]).toBe("欢迎回来true");
  });

  it("leaves the client build alone", async () => {
    expect(await renderChunk(false, source)).toBeNull();
  });
});

describe("prismaWasmFromFile", () => {
  const generated = path.resolve("app/generated/prisma/internal/class.ts");
  const id = generated;
  const transform = (code: string) => {
    const plugin = prismaWasmFromFile();
    const ctx = {
      error: (message: string) => {
        throw new Error(message);
      },
    };
    return (plugin.transform as Hook).call(ctx, code, id) as { code: string } | null;
  };

  it("makes the generated client read its WebAssembly's file instead of importing the base64 module", () => {
    const out = transform(fs.readFileSync(generated, "utf8"));
    expect(out).not.toBeNull();
    expect(out!.code).not.toMatch(/await import\("@prisma\/client\/runtime\/query_compiler_[a-z]+_bg\.[a-z]+\.wasm-base64\.mjs"\)/);
    expect(out!.code).toMatch(/readFile\(new URL\(import\.meta\.resolve\("@prisma\/client\/runtime\/query_compiler_fast_bg\.postgresql\.wasm-base64\.mjs"\)\), "latin1"\)/);
  });

  it("reads a text whose quoted base64 decodes to a valid WebAssembly module", async () => {
    // What import.meta.resolve gives the built app (vitest's modules have no import.meta.resolve).
    const file = path.resolve("node_modules/@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs");
    const text = fs.readFileSync(file, "latin1");
    const bytes = Buffer.from(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')), "base64");
    expect(WebAssembly.validate(bytes)).toBe(true);
  });

  it("fails the build when the generated client no longer has the lines it replaces", () => {
    expect(() => transform("export const config = {}")).toThrow(/ADR 0106/);
  });

  it("touches no other module", () => {
    const plugin = prismaWasmFromFile();
    expect((plugin.transform as Hook).call({}, "x", "/app/other.ts")).toBeNull();
  });
});
