/**
 * The project's command-line tools that change the database (docs/decisions/0055-command-line-tools.md):
 *   npm run users:add-admin -- <email> "<name>"   creates (or re-activates and promotes) a super admin
 *   npm run scim:token -- --name "<label>"        creates a SCIM token and prints it (and nothing else)
 * scripts/cli.ts runs them in its own process, or, while the app runs on the embedded default (a PGlite folder has
 * one owner), sends them to the app process over its control socket (server/control.ts), which runs them here with
 * the app's own database client. Either way the same code below does the work, audited as the system with the
 * command's name as the actor's label.
 */
import { z } from "zod";
import type { Actor } from "~/platform/actor";
import { ApiError } from "~/platform/api.server";
import { ensureSuperAdmin } from "~/features/users/directory.server";
import { createScimToken } from "~/features/scim/tokens.server";

/** What a command answers: its standard output, or an error with the exit code the command line ends with. */
export type CliResult = { ok: true; output: string } | { ok: false; exitCode: number; message: string };

const cliActor = (command: string): Actor => ({ userId: null, realUserId: null, source: "system", label: `command line: ${command}` });

const emailField = z.string({ error: "is required" }).trim().toLowerCase().pipe(z.email({ error: "is not a valid email address" }).max(320));
const nameField = z.string({ error: "is required" }).trim().min(1, "is required").max(200, "must be at most 200 characters").refine((v) => !v.includes("\0"), "must not contain NUL");

const COMMANDS = {
  "users:add-admin": {
    usage: 'npm run users:add-admin -- <email> "<name>"',
    args: z.object({ email: emailField, name: nameField }),
    parseArgv: (argv: string[]) => ({ email: argv[0], name: argv.slice(1).join(" ") || undefined }),
    run: async (args: { email: string; name: string }) => {
      const { user, created } = await ensureSuperAdmin(cliActor("users:add-admin"), args.email, args.name);
      return `${created ? "Created" : "Updated"} super admin ${user.name} <${user.email}> (user ${user.id}).`;
    },
  },
  "scim:token": {
    usage: 'npm run scim:token -- --name "<label>"',
    args: z.object({ name: nameField }),
    parseArgv: (argv: string[]) => {
      const i = argv.indexOf("--name");
      const inline = argv.find((a) => a.startsWith("--name="));
      return { name: inline ? inline.slice("--name=".length) : i >= 0 ? argv[i + 1] : undefined };
    },
    run: async (args: { name: string }) => (await createScimToken(cliActor("scim:token"), args.name)).token,
  },
} as const;

export type CliCommand = keyof typeof COMMANDS;

export function isCliCommand(name: string): name is CliCommand {
  return Object.hasOwn(COMMANDS, name);
}

/** The command's arguments from its argv (the words after the command's name), as JSON for either way of running it. */
export function cliArgsFromArgv(command: CliCommand, argv: string[]): Record<string, unknown> {
  return COMMANDS[command].parseArgv(argv);
}

/**
 * Runs one command with its arguments (checked here, whichever process runs it). Malformed arguments end with exit
 * code 2 and a message naming the argument; a refusal of the app's rules (an ApiError) with exit code 1.
 */
export async function runCliCommand(command: string, args: unknown): Promise<CliResult> {
  if (!isCliCommand(command)) return { ok: false, exitCode: 2, message: `Unknown command ${command}` };
  const def = COMMANDS[command];
  const parsed = def.args.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "argument");
    const given = (args as Record<string, unknown> | null)?.[field];
    return { ok: false, exitCode: 2, message: `${field}${given === undefined ? "" : ` "${String(given)}"`} ${issue.message}. Usage: ${def.usage}` };
  }
  try {
    return { ok: true, output: await def.run(parsed.data as never) };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { ok: false, exitCode: 1, message: err.message };
    throw err;
  }
}
