/**
 * The embedded database's own process (docs/decisions/0061-embedded-database-in-a-child-process.md). The app process
 * on the embedded default (server/index.ts) starts this file as a child: it opens the PGlite data folder (with the
 * same extensions as every PGlite of the project, app/platform/pglite.server.ts) and serves it over the PostgreSQL
 * protocol with @electric-sql/pglite-socket, ONE connection, on a Unix domain socket in a private folder (mode 0700:
 * the owner's only; nothing listens on the network). The app and its in-process worker reach it with the `pg` driver,
 * so the WebAssembly database runs on its own thread and core instead of blocking page rendering.
 *
 * argv: <data folder> <socket folder>. When serving, it sends `{ ready: true, socket }` over the IPC channel.
 * It stops, closing the database cleanly (a checkpoint), on SIGTERM or when its parent goes away (IPC disconnect);
 * SIGINT (Ctrl-C reaches the whole process group) is left to the parent, which stops this process last.
 */
import fs from "node:fs";
import path from "node:path";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { openPGlite } from "~/platform/pglite.server";

/** The socket file's name in its folder: the name `pg` connects to for host=<folder>, port 5432. */
const HOST_SOCKET_NAME = ".s.PGSQL.5432";

async function main() {
  const [dir, socketDir] = process.argv.slice(2);
  if (!dir || !socketDir) throw new Error("usage: pglite-host <data folder> <socket folder>");
  const db = await openPGlite(dir);
  const socket = path.join(socketDir, HOST_SOCKET_NAME);
  // One connection: the socket server's multi-connection mode interleaves sessions (ADR 0061).
  const server = new PGLiteSocketServer({ db, path: socket, maxConnections: 1 });
  await server.start();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await server.stop().catch((e) => console.error(e));
      if (!db.closed) await db.close();
      // The socket's private folder (also when the parent, killed, could not remove it).
      fs.rmSync(socketDir, { recursive: true, force: true });
      process.exit(0);
    })());
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
  process.on("SIGINT", () => {});
  if (process.send) process.send({ ready: true, socket });
  else console.log(`PGlite ${dir} served on ${socket}`);
}

main().catch((err) => {
  console.error("The embedded database could not start:", err);
  process.exit(1);
});
