/**
 * The Temporal worker: runs every workflow in workflows/index.ts and every activity in worker/activities.
 * Hosted inside the app process on embedded defaults (server/index.ts) or on its own (worker/main.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NativeConnection, Worker } from "@temporalio/worker";
import { env } from "~/platform/env.server";
import { activities } from "./activities/index";

const here = path.dirname(fileURLToPath(import.meta.url));
export const WORKFLOWS_PATH = path.resolve(here, "../workflows/index.ts");

export type AppWorkerOptions = {
  /** An existing connection (the caller closes it); otherwise one is opened to `address`. */
  connection?: NativeConnection;
  address?: string;
  namespace?: string;
  taskQueue?: string;
};

export async function createAppWorker(opts: AppWorkerOptions = {}): Promise<Worker> {
  const settings = env();
  const ownConnection = !opts.connection;
  const connection = opts.connection ?? (await NativeConnection.connect({ address: opts.address ?? settings.TEMPORAL_ADDRESS }));
  try {
    const worker = await Worker.create({
      connection,
      namespace: opts.namespace ?? settings.TEMPORAL_NAMESPACE,
      taskQueue: opts.taskQueue ?? settings.TEMPORAL_TASK_QUEUE,
      workflowsPath: WORKFLOWS_PATH,
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
