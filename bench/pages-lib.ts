/**
 * Pieces of bench/pages.ts: the processes it starts (the bare node:http floor and the app as README command 1
 * starts it), signing in over HTTP through the local OpenID provider, and sampling a process's resident set.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpuSeconds as processCpuSeconds, procStatusKb } from "./worker-process";
import { CookieJar, untilOutput } from "../scripts/lib/child-process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Resident set of a process in MB (VmRSS from /proc), or 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    return procStatusKb(pid, "VmRSS") / 1024;
  } catch {
    return 0;
  }
}

/** The pids of a process and all its descendants (a cluster's primary and its workers). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** User + system CPU seconds used so far by a process tree. */
export function cpuSeconds(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      total += processCpuSeconds(p);
    } catch {
      // gone
    }
  }
  return total;
}

/** Sum of the resident sets of a process tree, sampled every `everyMs`; `peak()` since the last `reset()`. */
export function rssSampler(pid: () => number, everyMs = 200) {
  let peak = 0;
  let last = 0;
  let peakOne = 0;
  let lastOne = 0;
  const sample = () => {
    const each = processTree(pid()).map(rssMb);
    last = each.reduce((s, r) => s + r, 0);
    lastOne = Math.max(0, ...each);
    peak = Math.max(peak, last);
    peakOne = Math.max(peakOne, ...each);
  };
  const timer = setInterval(sample, everyMs);
  return {
    now: () => (sample(), last),
    /** The largest single process of the tree at the last sample. */
    nowOne: () => lastOne,
    peak: () => peak,
    /** The largest single process of the tree since the last reset. */
    peakOne: () => peakOne,
    reset: () => void (peak = peakOne = 0),
    stop: () => clearInterval(timer),
  };
}

export type Child = { child: ChildProcess; pid: number; stop(): Promise<void> };

/** A child process, stopped with SIGTERM (SIGKILL after 15 s), killed if this process exits first. */
function track(child: ChildProcess): Child {
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  return {
    child,
    pid: child.pid!,
    stop: async () => {
      process.off("exit", kill);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(force);
    },
  };
}

/** Resolves when `text` appears in the child's stdout (copied to `logFile`), rejects if it exits first. */
/** The floor: a bare node:http server answering a small HTML page, in its own process like the app. */
export async function startFloor(port: number, logFile: string): Promise<Child & { url: string }> {
  const script = `require("node:http").createServer((q, s) => { s.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    s.end("<!doctype html><html lang=en><head><meta charset=utf-8><title>Floor</title></head><body><h1>Hello</h1><p>A small page.</p></body></html>"); })
    .listen(${port}, "127.0.0.1", () => console.log("floor ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await untilOutput(child, { text: "floor ready", logFile, timeoutMs: 10_000, what: "The process" });
  return { ...track(child), url: `http://127.0.0.1:${port}/` };
}

/**
 * The app as README command 1 starts it (scripts/start.ts: the production build, NODE_ENV=production, the local
 * OpenID provider), on a database that is already migrated and seeded (SEED=false) and a running Temporal server.
 * With PGlite the worker runs in this process, as on embedded defaults; with PostgreSQL it does not.
 */
export async function startApp(env: Record<string, string>, nodeArgs: string[], logFile: string): Promise<Child> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, SEED: "false", ...env },
    stdio: ["ignore", "pipe", fs.openSync(logFile, "a")],
  });
  await untilOutput(child, { text: "Press Ctrl-C to stop.", logFile, timeoutMs: 300_000, what: "The process" });
  return track(child);
}

/**
 * Signs in over HTTP the way a browser does ("Sign in with Google" on the login page, the local provider's picker,
 * the callback), and returns the Cookie header of the signed-in session.
 */
export async function signIn(appUrl: string, email: string): Promise<string> {
  const jar = new CookieJar();
  const start = await fetch(`${appUrl}/auth/google`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl },
    body: new URLSearchParams({ redirectTo: "/app/home" }),
  });
  jar.add(start);
  const authorize = start.headers.get("location");
  if (start.status !== 302 || !authorize) throw new Error(`sign-in did not start: ${start.status}`);
  const params = Object.fromEntries(new URL(authorize).searchParams);
  const picked = await fetch(authorize.split("?")[0]!, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...params, email }),
  });
  const callback = picked.headers.get("location");
  if (picked.status !== 302 || !callback) throw new Error(`the provider did not answer with a code: ${picked.status}`);
  const done = await fetch(callback, { redirect: "manual", headers: { Cookie: jar.header() } });
  jar.add(done);
  if (done.status !== 302 || !/__pmr_session=/.test(jar.header())) throw new Error(`sign-in as ${email} failed: ${done.status} ${await done.text()}`);
  return jar.header();
}
