/**
 * Vite plugins for the server build that cut what the web process holds in memory for as long as it runs (issue 27,
 * ADR 0106). V8 keeps the source text of every loaded script (for lazy compilation and `Function.prototype.toString`),
 * and a module's exports for the life of the process:
 *
 * - `compactServerBundle`: build/server/index.js written without whitespace or comments and in ASCII only (other
 *   characters as `\u` escapes). One non-Latin-1 character (the zh-CN texts) makes V8 store the whole 4.5 MB source
 *   as two bytes a character (9 MB); compacted and ASCII it is one byte a character and less than half as long.
 *   Names are kept (no identifier minification): stack traces read as before.
 * - `prismaWasmFromFile`: the generated Prisma client imports its query compiler's WebAssembly as a 4.6 MB base64
 *   string module, which stays loaded (its source and the string: 9 MB). The built client reads the same file's text,
 *   decodes it and compiles it once, and keeps only the compiled module.
 */
import type { Plugin } from "vite";
import { transformWithEsbuild } from "vite";

/** Whitespace and syntax minification in ASCII of the server (SSR) bundle's chunks; the client build is untouched. */
export function compactServerBundle(): Plugin {
  let ssr = false;
  return {
    name: "pmr:compact-server-bundle",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    // After every other plugin's renderChunk: Vite's own esbuild pass re-prints the chunk (spaces, UTF-8).
    renderChunk: {
      order: "post",
      async handler(code, chunk) {
        if (!ssr) return null;
        const out = await transformWithEsbuild(code, chunk.fileName, {
          loader: "js",
          format: "esm",
          target: "node20",
          minifyWhitespace: true,
          minifySyntax: true,
          minifyIdentifiers: false,
          keepNames: false,
          charset: "ascii",
          legalComments: "eof",
          sourcemap: false,
        });
        return { code: out.code, map: null };
      },
    },
  };
}

/** The generated client's lines that load the query compiler's WebAssembly from the base64 module. */
const BASE64_WASM_LOAD =
  /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_[a-z]+_bg\.[a-z]+\.wasm-base64\.mjs)"\)\s*\n\s*return await decodeBase64AsWasm\(wasm\)/;

/**
 * The built app's Prisma client compiles the query compiler from the base64 module's file text (read, decoded, then
 * garbage), instead of importing that module and keeping it. Fails the build when the generated client no longer has
 * the lines it replaces (a Prisma upgrade): look again then.
 */
export function prismaWasmFromFile(): Plugin {
  return {
    name: "pmr:prisma-wasm-from-file",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (
        !/[\\/]app[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/.test(
          id
        )
      )
        return null;
      const m = BASE64_WASM_LOAD.exec(code);
      if (!m)
        this.error(
          "prismaWasmFromFile: the generated Prisma client no longer loads its WebAssembly as expected (see ADR 0106)"
        );
      const replacement = [
        `const { readFile } = await import("node:fs/promises")`,
        `    const text = await readFile(new URL(import.meta.resolve(${JSON.stringify(
          m[1]
        )})), "latin1")`,
        `    return await decodeBase64AsWasm(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')))`,
      ].join("\n");
      return { code: code.replace(BASE64_WASM_LOAD, replacement), map: null };
    },
  };
}
