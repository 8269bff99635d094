/**
 * What the app server (server/index.ts) needs from the app besides answering requests. app/entry.server.tsx
 * re-exports it, so the server reaches it through the built bundle (`build.entry.module`) and uses the bundle's own
 * module instances: one copy of the app, its Prisma client and its Temporal client per process, and Sentry's
 * reporter installed where the app reports from.
 */
import { getDb, closeDb, databaseTarget, useHostedDb } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { closeTemporalClient } from "~/platform/temporal.server";
import { setServerErrorReporter } from "~/platform/analytics/report-error.server";
import { ensureCycleWorkflows } from "~/features/cycles/workflow.server";
import { ensureCalibrationWorkflows } from "~/features/calibration/workflow.server";
import { ensureEndorsementWorkflows } from "~/features/promotions/endorsement-workflow.server";
import { ssoSettings } from "~/features/auth/sso-settings.server";

export { env, databaseTarget, setServerErrorReporter };
/** The command-line tools' commands, run here while this process owns the PGlite folder (server/control.ts). */
export { runCliCommand } from "~/entry.cli.server";
/** The same request sent twice changes state once (server/idempotency.ts; ADR 0045). */
export { runOnce } from "~/platform/idempotency.server";

/**
 * Connects the process-wide database client (and fails early when the database cannot be reached). `hostedUrl`: the
 * embedded database's process to reach with the `pg` driver instead of opening the PGlite folder here (ADR 0061).
 */
export async function connectDatabase(hostedUrl?: string): Promise<void> {
  if (hostedUrl) useHostedDb(hostedUrl);
  const db = await getDb();
  if (hostedUrl) await db.$queryRaw`SELECT 1`;
}

/** Every open cycle, calibration session and endorsement request gets its workflow back (idempotent). */
export async function ensureWorkflows(): Promise<void> {
  await ensureCycleWorkflows();
  await ensureCalibrationWorkflows();
  await ensureEndorsementWorkflows();
}

/** The active users, for the local OpenID provider's picker (outside production only). */
export async function localSignInUsers(): Promise<Array<{ email: string; name: string; role: string }>> {
  const db = await getDb();
  return db.user.findMany({ where: { active: true }, orderBy: [{ role: "asc" }, { name: "asc" }], select: { email: true, name: true, role: true } });
}

/**
 * Where the login page's forms may lead (the Content-Security-Policy's form-action; ADR 0041): /auth/* answers them
 * with a redirect to the providers' authorization pages. Read when the web process starts (after the local
 * provider, outside production, has its address).
 */
export function signInFormTargets(): string[] {
  const sso = ssoSettings();
  return [sso.google.issuer, sso.lark.authorizeUrl];
}

/** Closes the Temporal client and the database client of this process. */
export async function closeServerResources(): Promise<void> {
  await closeTemporalClient();
  await closeDb();
}
