/**
 * The app process on the embedded default as scripts/start.ts runs it (server/index.ts `startServer` on a PGlite
 * folder: the database's child process, the in-process worker, the control socket), for
 * tests/integration/embedded-database-process.test.ts. Settings: DATABASE_URL=pglite:<folder>, PORT, and the app's.
 * Prints `EMBEDDED_APP_READY {"url","pid","databasePid"}` once it listens; SIGTERM stops it.
 */
import { startServer } from "../../server/index";

const server = await startServer({ port: Number(process.env.PORT), host: "127.0.0.1" });
let stopping = false;
process.on("SIGTERM", () => {
  if (stopping) return;
  stopping = true;
  void server.close().then(() => process.exit(0));
});
console.log(`EMBEDDED_APP_READY ${JSON.stringify({ url: server.url, pid: process.pid, databasePid: server.databasePid })}`);
