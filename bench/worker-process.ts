/**
 * The production worker (worker/main.ts) as its own Node process, for benchmarks that measure its CPU
 * time and memory: resident set sampled every 50 ms from /proc/<pid>/status, VmHWM, user + system CPU.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { untilOutput } from "../scripts/lib/child-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type WorkerProcess = {
  child: ChildProcess;
  pid: number;
  readyRssMb: number;
  /** Highest VmRSS sampled since the last reset, MB. */
  sampledPeakMb(): number;
  resetSampling(): void;
  /** VmHWM (peak resident set of the process's life), MB. */
  hwmMb(): number;
  cpuSeconds(): number;
  stop(): Promise<void>;
};

const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** User + system CPU seconds of a process so far (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

export function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!m) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(m[1]);
}

/** The production worker (worker/main.ts) as its own Node process, on its own task queue. */
export async function startWorker(env: Record<string, string>, logFile: string, nodeArgs: string[]): Promise<WorkerProcess> {
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "worker/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", log],
  });
  const pid = child.pid!;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      fs.closeSync(log);
      resolve();
    }),
  );
  await untilOutput(child, { text: "Temporal worker on", logFile, timeoutMs: 180_000, exited: exit, what: "The worker" });
  // Let it finish bundling and start polling.
  await new Promise((r) => setTimeout(r, 1000));
  let peakKb = 0;
  const sample = () => {
    if (exited) return;
    try {
      peakKb = Math.max(peakKb, procStatusKb(pid, "VmRSS"));
    } catch {
      // the process is going away
    }
  };
  const readyRssMb = procStatusKb(pid, "VmRSS") / 1024;
  const timer = setInterval(sample, 50);
  return {
    child,
    pid,
    readyRssMb,
    sampledPeakMb: () => (sample(), peakKb / 1024),
    resetSampling: () => void (peakKb = 0),
    hwmMb: () => procStatusKb(pid, "VmHWM") / 1024,
    cpuSeconds: () => cpuSeconds(pid),
    stop: async () => {
      clearInterval(timer);
      if (!exited) child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(force);
    },
  };
}
