/**
 * The command-line tools that change the database (docs/decisions/0055-command-line-tools.md):
 *   npm run users:add-admin -- <email> "<name>"
 *   npm run scim:token -- --name "<label>"
 * On PostgreSQL, or on a PGlite folder no app has open, the command runs in this process. While the app runs on the
 * embedded default it owns the PGlite folder: the command is sent to it over its control socket (server/control.ts)
 * and runs there. Exit codes: 0 done, 1 refused by the app's rules or failed, 2 malformed arguments.
 * Only the command's result goes to standard output (`scim:token` prints the token and nothing else); messages go
 * to standard error.
 */
import { databaseTarget } from "~/platform/db.server";
import { sendToControlSocket } from "../server/control";

async function main(): Promise<number> {
  const [command = "", ...argv] = process.argv.slice(2);
  const cli = await import("~/entry.cli.server");
  if (!cli.isCliCommand(command)) {
    console.error(`Unknown command "${command}". Commands: users:add-admin, scim:token`);
    return 2;
  }
  const args = cli.cliArgsFromArgv(command, argv);
  const target = databaseTarget();
  let result = target.kind === "pglite" ? await sendToControlSocket(target.dir, command, args) : null;
  if (!result) {
    // Nobody has the database open (or it is a server many may open): run the command here.
    const { closeDb } = await import("~/platform/db.server");
    try {
      result = await cli.runCliCommand(command, args);
    } finally {
      await closeDb();
    }
  }
  if (!result.ok) {
    console.error(result.message);
    return result.exitCode;
  }
  process.stdout.write(`${result.output}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
