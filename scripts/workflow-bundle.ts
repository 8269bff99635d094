import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleWorkflowCode } from "@temporalio/worker";

/** workflows/index.ts bundled (the same code Worker.create bundles from workflowsPath), written to `file`. */
export async function bundleWorkflowCodeTo(file: string): Promise<void> {
  const workflowsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../workflows/index.ts");
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: quietLogger });
  await writeFile(file, code);
}

const noop = () => {};
const quietLogger = { log: noop, trace: noop, debug: noop, info: noop, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
