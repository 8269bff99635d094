/**
 * Stand-alone worker for production (`npm run worker`): when the app runs on PostgreSQL it may be
 * served by several processes and the worker by others. Stops cleanly on SIGINT/SIGTERM.
 */
import { closeDb, getDb } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { createAppWorker } from "./worker";

async function main() {
  const settings = env(); // refuses to start in production with a missing secret
  await getDb();
  const worker = await createAppWorker();
  console.log(`Temporal worker on ${settings.TEMPORAL_ADDRESS}, namespace ${settings.TEMPORAL_NAMESPACE}, task queue ${settings.TEMPORAL_TASK_QUEUE}`);
  // The SDK runtime handles SIGINT/SIGTERM: run() returns once in-flight tasks are done.
  await worker.run();
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
