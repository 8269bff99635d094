/**
 * Starts the embedded database's process (server/pglite-host.ts) for the app process on the embedded default, and
 * gives the `pg` connection string that reaches it (ADR 0061). The folder still has one owner at a time: the child
 * opens it while the app runs, the offline tools (migrations, seed, backup and restore) open it while it does not.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// server/ (tsx) or build/ (build/app-server.mjs): both one level under the project's root.
const hostEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "server", "pglite-host.ts");

export type PGliteHost = {
  /** The child's process id. */
  pid: number;
  /** postgresql://… over the child's Unix domain socket (for the `pg` driver). */
  url: string;
  /** Stops the child (it closes the database cleanly); no message about it ending. */
  close(): Promise<void>;
};

/**
 * Forks the host on the PGlite folder `dir` and resolves once it serves. `onLost(message)` is called when the child
 * ends without being asked to (a crash, a kill): the app then cannot reach its database and must stop.
 */
export async function startPGliteHost(dir: string, onLost: (message: string) => void): Promise<PGliteHost> {
  // A private folder for the socket (mode 0700: only this user may connect; the protocol has no password), short
  // enough for a socket path wherever the data folder is.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-db-"));
  const child: ChildProcess = fork(hostEntry, [dir, socketDir], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let asked = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const cleanup = () => fs.rmSync(socketDir, { recursive: true, force: true });

  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`The embedded database process could not open ${dir} (${signal ?? `exit code ${code}`}); is another process using the folder?`));
    child.once("exit", onExit);
    child.once("message", (m: { ready?: boolean }) => {
      if (!m?.ready) return;
      child.removeListener("exit", onExit);
      resolve();
    });
  }).catch((err) => {
    cleanup();
    throw err;
  });

  child.once("exit", (code, signal) => {
    cleanup();
    if (asked) return;
    onLost(
      `The embedded database process (pid ${child.pid}, ${dir}) ended unexpectedly (${signal ?? `exit code ${code}`}); ` +
        "the app cannot reach its database and stops. Start it again (npm start); the data folder is kept.",
    );
  });

  return {
    pid: child.pid!,
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    close: async () => {
      asked = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const force = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(force);
      }
    },
  };
}
