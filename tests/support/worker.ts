/**
 * The app's Temporal worker inside the test process (integration tests share one process, so the
 * worker sees the same database handle). Test files call `startTestWorker()` in beforeAll and
 * `stop()` in afterAll; the worker is shared and stops when the last user has released it.
 */
import type { Worker } from "@temporalio/worker";
import { createAppWorker } from "../../worker/worker";

type Shared = { worker: Worker; running: Promise<void>; users: number };

declare global {
  // eslint-disable-next-line no-var
  var __pmrTestWorker: Promise<Shared> | undefined;
}

export async function startTestWorker(): Promise<{ worker: Worker; stop(): Promise<void> }> {
  globalThis.__pmrTestWorker ??= (async () => {
    if (!process.env.TEMPORAL_ADDRESS) throw new Error("TEMPORAL_ADDRESS is not set: tests/integration/global-setup.ts starts Temporal");
    const worker = await createAppWorker({ address: process.env.TEMPORAL_ADDRESS });
    const running = worker.run();
    running.catch((err) => console.error("Test worker stopped with an error", err));
    return { worker, running, users: 0 };
  })();
  const shared = await globalThis.__pmrTestWorker;
  shared.users++;
  let stopped = false;
  return {
    worker: shared.worker,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      shared.users--;
      if (shared.users > 0) return;
      globalThis.__pmrTestWorker = undefined;
      if (shared.worker.getState() === "RUNNING") shared.worker.shutdown();
      await shared.running.catch(() => {});
    },
  };
}
