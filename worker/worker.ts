/**
 * The Temporal worker: runs every workflow in workflows/index.ts and every activity in worker/activities.
 * Hosted inside the app process on embedded defaults (server/index.ts) or on its own (worker/main.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NativeConnection, Worker } from "@temporalio/worker";
import { env } from "~/platform/env.server";
import { activities } from "./activities/index";

const here = path.dirname(fileURLToPath(import.meta.url));
export const WORKFLOWS_PATH = path.resolve(here, "../workflows/index.ts");
/**
 * The bundle `npm run build` writes (issue 27): a production worker (NODE_ENV=production: `npm start`, README command 1,
 * `npm run worker` after a build) loads it instead of bundling workflows/ with webpack when it starts, which cost ~4 s
 * and left ~300 MB more in the process.
 */
export const BUILT_BUNDLE = path.resolve(here, "../build/workflow-bundle.js");

export type AppWorkerOptions = {
  /** An existing connection (the caller closes it); otherwise one is opened to `address`. */
  connection?: NativeConnection;
  address?: string;
  namespace?: string;
  taskQueue?: string;
};

/**
 * Where the worker takes its workflow code from: the prebuilt bundle TEMPORAL_WORKFLOW_BUNDLE names (made by
 * scripts/bundle-workflows.ts; the integration tests make one for the whole run) or workflows/index.ts, bundled
 * when the worker starts.
 */
export function workflowSource(): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const bundle = env().TEMPORAL_WORKFLOW_BUNDLE ?? (process.env.NODE_ENV === "production" && fs.existsSync(BUILT_BUNDLE) ? BUILT_BUNDLE : undefined);
  return bundle ? { workflowBundle: { codePath: bundle } } : { workflowsPath: WORKFLOWS_PATH };
}

export async function createAppWorker(opts: AppWorkerOptions = {}): Promise<Worker> {
  const settings = env();
  const ownConnection = !opts.connection;
  const connection = opts.connection ?? (await NativeConnection.connect({ address: opts.address ?? settings.TEMPORAL_ADDRESS }));
  try {
    const worker = await Worker.create({
      connection,
      namespace: opts.namespace ?? settings.TEMPORAL_NAMESPACE,
      taskQueue: opts.taskQueue ?? settings.TEMPORAL_TASK_QUEUE,
      ...workflowSource(),
      activities,
    });
    if (ownConnection) {
      // Close the connection we opened once the worker has stopped.
      const run = worker.run.bind(worker);
      worker.run = async () => {
        try {
          await run();
        } finally {
          await connection.close().catch(() => {});
        }
      };
    }
    return worker;
  } catch (err) {
    if (ownConnection) await connection.close().catch(() => {});
    throw err;
  }
}
