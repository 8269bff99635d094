/**
 * What a long-running process must stop on its way out (servers, child processes, clients), stopped in the reverse
 * order of starting on SIGINT, SIGTERM or a fatal error; then the process exits. Used by scripts/start.ts and
 * server/main.ts.
 */
export function processStops() {
  const stops: Array<() => Promise<void>> = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
    process.exit(code);
  };
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));
  return {
    /** Something to stop on the way out. */
    push: (stop: () => Promise<void>) => void stops.push(stop),
    stopAll,
    /** True once stopping has begun. */
    isStopping: () => stopping,
  };
}
