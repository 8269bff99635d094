/**
 * The control socket of an app process that owns a PGlite folder (docs/decisions/0055-command-line-tools.md).
 * A PGlite folder has one owner, so while the app runs on the embedded default, the command-line tools
 * (`npm run users:add-admin`, `npm run scim:token`; scripts/cli.ts) cannot open the database themselves: they send
 * the command here instead, and the app runs it with its own database client. The socket is a Unix domain socket
 * next to the data folder, readable and writable by its owner only (mode 0600): whoever may open the data folder
 * may run the commands, nobody else, and nothing listens on the network.
 */
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

export type CliRunner = (command: string, args: unknown) => Promise<{ ok: true; output: string } | { ok: false; exitCode: number; message: string }>;

/** Where the control socket of the app owning the PGlite folder `dir` listens (null when the path is too long for a socket). */
export function controlSocketPath(dir: string): string | null {
  const socket = path.join(path.dirname(dir), `.${path.basename(dir)}.control.sock`);
  return Buffer.byteLength(socket) < 100 ? socket : null;
}

const MAX_BODY = 64 * 1024;

/** Starts the control socket for the PGlite folder `dir`; resolves to its closer (a no-op when no socket can be had). */
export async function startControlSocket(dir: string, run: CliRunner): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dir);
  if (!socket) {
    console.warn(`No control socket: the data folder's path is too long (${dir}); stop the app to use the command-line tools.`);
    return async () => {};
  }
  // A socket file left by an app that did not stop cleanly answers nobody: replace it.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/run") return reply(404, { ok: false, exitCode: 2, message: "Unknown request" });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      let input: { command?: unknown; args?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return reply(400, { ok: false, exitCode: 2, message: "The request is not JSON" });
      }
      run(String(input.command ?? ""), input.args ?? {}).then(
        (result) => reply(200, result),
        (err: unknown) => {
          console.error(err);
          reply(500, { ok: false, exitCode: 1, message: `The command failed in the app: ${(err as Error).message}` });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => {
      // Connecting needs write access to the socket: the owner's only.
      fs.chmodSync(socket, 0o600);
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socket, { force: true });
    });
}

/** Sends a command to the app owning the PGlite folder `dir`; null when no app answers there (none is running). */
export function sendToControlSocket(dir: string, command: string, args: unknown): Promise<Awaited<ReturnType<CliRunner>> | null> {
  const socket = controlSocketPath(dir);
  if (!socket || !fs.existsSync(socket)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: socket, method: "POST", path: "/run", headers: { "content-type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      // A socket file with no app behind it: the app is not running.
      if (err.code === "ECONNREFUSED" || err.code === "ENOENT") resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify({ command, args }));
  });
}
