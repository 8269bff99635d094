/**
 * Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), loaded without
 * `--experimental-wasm-modules` and driven through a driver adapter factory.
 * See docs/decisions/0002-prisma-offline-migrations.md and scripts/db.ts.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

export type { SchemaEngine };

type Glue = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & { __wbg_set_wasm(exports: unknown): void };

const require = createRequire(import.meta.url);

declare global {
  // eslint-disable-next-line no-var
  var PRISMA_WASM_PANIC_REGISTRY: { set_message(message: string): void } | undefined;
}

/** The message of the last engine panic (Rust panics reach JS only as `RuntimeError: unreachable`). */
let lastPanicMessage: string | undefined;
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message: string) {
    lastPanicMessage = message;
  },
};

/** Take (and clear) the message of the last engine panic, if any. */
export function takePanicMessage(): string | undefined {
  const message = lastPanicMessage;
  lastPanicMessage = undefined;
  return message;
}

export class SchemaEnginePanic extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`The Prisma schema engine panicked: ${message}`, options);
    this.name = "SchemaEnginePanic";
  }
}

const handledPanics = new WeakSet<object>();

/** True for an engine panic that withSchemaEngine already turned into a rejection (other uncaughtException listeners should ignore it). */
export function isHandledPanic(err: unknown): boolean {
  return typeof err === "object" && err !== null && handledPanics.has(err);
}

/** A Wasm trap (`unreachable`) is how a Rust panic inside the engine surfaces. */
export function isEnginePanic(err: unknown): boolean {
  return err instanceof WebAssembly.RuntimeError || (err instanceof Error && /unreachable/.test(err.message) && err.name === "RuntimeError");
}

/** The version of an installed package (found from its entry point: not every package exports package.json). */
function packageVersion(name: string, entry = name): string | undefined {
  try {
    let dir = path.dirname(require.resolve(entry));
    while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
    return pkg.name === name ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

let versionChecked = false;
/**
 * The Wasm engine must be the build the installed prisma CLI was released with
 * (`@prisma/engines-version`); otherwise generated SQL may differ from what Prisma would write.
 */
export function checkEngineVersion(warn: (message: string) => void = (m) => console.warn(m)): void {
  if (versionChecked) return;
  versionChecked = true;
  const wasmVersion = packageVersion("@prisma/schema-engine-wasm", "@prisma/schema-engine-wasm/schema_engine_bg");
  const enginesVersion = packageVersion("@prisma/engines-version");
  if (!wasmVersion || !enginesVersion || wasmVersion !== enginesVersion) {
    warn(
      `Warning: @prisma/schema-engine-wasm ${wasmVersion ?? "(missing)"} does not match the engines of the installed prisma ` +
        `(@prisma/engines-version ${enginesVersion ?? "(missing)"}). Pin @prisma/schema-engine-wasm to exactly that version ` +
        `(upgrade prisma only to a release whose engines version is published as @prisma/schema-engine-wasm).`,
    );
  }
}

let loaded: Promise<Glue> | undefined;
let generation = 0;

/**
 * Instantiate the engine's Wasm module. The package's main entry imports the .wasm as an ES module,
 * which Node 20 only allows behind a flag, so the glue module is wired up by hand. After a panic the
 * instance is poisoned, so a fresh copy of the glue module (and of the instance) is loaded.
 */
async function loadGlue(): Promise<Glue> {
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmPath = gluePath.replace(/\.js$/, ".wasm");
  const url = pathToFileURL(gluePath).href + (generation ? `?instance=${generation}` : "");
  const glue = (await import(/* @vite-ignore */ url)) as Glue;
  const module = await WebAssembly.compile(await fs.promises.readFile(wasmPath));
  const instance = await WebAssembly.instantiate(module, { "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  return glue;
}

function glue(): Promise<Glue> {
  loaded ??= loadGlue().catch((err) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}

/** Forget the current (panicked) instance; the next engine is built on a fresh one. */
function discardInstance() {
  loaded = undefined;
  generation++;
}

// One engine at a time per process: they share a single Wasm instance.
let queue: Promise<unknown> = Promise.resolve();

export type EngineLog = (line: string) => void;

/**
 * Run `fn` with a schema engine bound to `factory`; the engine is freed afterwards.
 * An engine panic rejects with SchemaEnginePanic (with the engine's own message) instead of
 * escaping as an uncaught `RuntimeError: unreachable`.
 */
export function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: SchemaEngine) => Promise<T>,
  opts: { log?: EngineLog } = {},
): Promise<T> {
  const run = async (): Promise<T> => {
    checkEngineVersion();
    const { SchemaEngine } = await glue();
    takePanicMessage();
    let rejectPanic: (err: Error) => void = () => {};
    const panicked = new Promise<never>((_, reject) => {
      rejectPanic = reject;
    });
    panicked.catch(() => {});
    // A panic inside an engine callback is thrown outside any promise chain of ours.
    const onUncaught = (err: unknown) => {
      if (isEnginePanic(err)) {
        handledPanics.add(err as object);
        rejectPanic(new SchemaEnginePanic(takePanicMessage() ?? String(err), { cause: err }));
      } else if (process.listenerCount("uncaughtException") === 1) {
        // Nobody else listens: keep Node's default behaviour for anything that is not ours.
        console.error(err);
        process.exit(1);
      }
    };
    process.prependListener("uncaughtException", onUncaught);
    let engine: SchemaEngine | undefined;
    let poisoned = false;
    try {
      const log = opts.log ?? (() => {});
      engine = await Promise.race([
        SchemaEngine.new({ datamodels: undefined }, (line: string) => log(line), bindMigrationAwareSqlAdapterFactory(factory)),
        panicked,
      ]);
      return await Promise.race([fn(engine), panicked]);
    } catch (err) {
      if (err instanceof SchemaEnginePanic || isEnginePanic(err)) {
        poisoned = true;
        if (!(err instanceof SchemaEnginePanic)) throw new SchemaEnginePanic(takePanicMessage() ?? String(err), { cause: err });
      }
      throw err;
    } finally {
      process.removeListener("uncaughtException", onUncaught);
      if (poisoned) discardInstance();
      else
        try {
          engine?.free();
        } catch {
          discardInstance();
        }
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => {});
  return result;
}
