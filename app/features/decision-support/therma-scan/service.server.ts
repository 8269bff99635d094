import { getDb, type Db, type Tx } from "~/platform/db.server";
import { forbidden, notFound } from "~/platform/api.server";
import { recordAudits, type Actor, type AuditInput } from "~/platform/audit.server";
import { isSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { storedText } from "~/platform/i18n/stored-text.server";
import {
  parseThermaScanRow,
  sameThermaValues,
  type FlightRisk,
  type SessionThermaScans,
  type ThermaRowIssue,
  type ThermaScanJson,
  type ThermaScanValues,
} from "~/features/decision-support/therma-scan/rules";

/**
 * Therma-scan entries (ADR 0033): the rows of an upload checked against the cycle and upserted by participant
 * (the UPLOAD_THERMA_SCAN job, app/features/jobs/types/therma-scan.server.ts), and the reads of the pages, which
 * only super admins and the session admins of a calibration session holding the participant may make.
 */

type Client = Db | Tx;

// ---------------------------------------------------------------------------------------------
// Rows of an upload

export type ThermaRowResult = { index: number } & ThermaRowIssue;

/**
 * Check (and with `write`, store) rows of an upload inside the caller's transaction. Each row: the cells by
 * column, validated (parseThermaScanRow), then its email must name a user who is a participant of the cycle.
 * Valid rows are upserted by participant (a row equal to the stored entry writes nothing), each created or
 * changed entry audited (therma_scan.create / therma_scan.update, before and after). Issues come back by row index.
 */
export async function importThermaRows(
  tx: Tx,
  input: { cycleId: number; jobId: number; actor: Actor; rows: Array<Partial<Record<string, string>>>; write: boolean },
): Promise<{ issues: ThermaRowResult[]; created: number; updated: number; unchanged: number }> {
  const issues: ThermaRowResult[] = [];
  const valid: Array<{ index: number; values: ThermaScanValues }> = [];
  input.rows.forEach((cells, index) => {
    const parsed = parseThermaScanRow(cells);
    if (parsed.ok) valid.push({ index, values: parsed.values });
    else for (const issue of parsed.issues) issues.push({ index, ...issue });
  });

  const emails = [...new Set(valid.map((v) => v.values.participant_email))];
  const participants = emails.length
    ? await tx.participant.findMany({
        where: { cycleId: input.cycleId, user: { email: { in: emails, mode: "insensitive" } } },
        select: { id: true, user: { select: { email: true } }, thermaScan: true },
      })
    : [];
  const participantOf = new Map(participants.map((p) => [p.user.email.toLowerCase(), p]));
  const missing = emails.filter((e) => !participantOf.has(e));
  const users = missing.length ? await tx.user.findMany({ where: { email: { in: missing, mode: "insensitive" } }, select: { email: true } }) : [];
  const knownUsers = new Set(users.map((u) => u.email.toLowerCase()));

  const writes: Array<{ index: number; participantId: number; values: ThermaScanValues; before: Prisma.ThermaScanEntryGetPayload<object> | null }> = [];
  let unchanged = 0;
  for (const { index, values } of valid) {
    const email = values.participant_email;
    const p = participantOf.get(email);
    if (!p) {
      const { text, code } = storedText(knownUsers.has(email) ? "storedTexts.jobs.rows.therma.notParticipant" : "storedTexts.jobs.rows.therma.noUser", { email });
      issues.push({ index, column: "participant_email", message: text, code: { key: code.key, values: code.values } });
      continue;
    }
    if (p.thermaScan && sameThermaValues(p.thermaScan, values)) unchanged++;
    else writes.push({ index, participantId: p.id, values, before: p.thermaScan });
  }
  issues.sort((a, b) => a.index - b.index);
  if (!input.write || writes.length === 0) return { issues, created: 0, updated: 0, unchanged: input.write ? unchanged : 0 };

  const data = (w: (typeof writes)[number]) => ({
    engagement: w.values.engagement,
    wellbeing: w.values.wellbeing,
    workload: w.values.workload,
    flightRisk: w.values.flight_risk,
    comment: w.values.comment,
    jobId: input.jobId,
  });
  const audits: AuditInput[] = [];
  const creates = writes.filter((w) => !w.before);
  if (creates.length) {
    const rows = await tx.thermaScanEntry.createManyAndReturn({ data: creates.map((w) => ({ participantId: w.participantId, ...data(w) })) });
    for (const row of rows) audits.push({ action: "therma_scan.create", entityType: "ThermaScanEntry", entityId: row.id, after: auditValues(row, input.cycleId) });
  }
  for (const w of writes.filter((x) => x.before)) {
    const row = await tx.thermaScanEntry.update({ where: { id: w.before!.id }, data: data(w) });
    audits.push({ action: "therma_scan.update", entityType: "ThermaScanEntry", entityId: row.id, before: auditValues(w.before!, input.cycleId), after: auditValues(row, input.cycleId) });
  }
  await recordAudits(tx, input.actor, audits);
  return { issues, created: creates.length, updated: writes.length - creates.length, unchanged };
}

function auditValues(row: Prisma.ThermaScanEntryGetPayload<object>, cycleId: number) {
  return {
    cycle_id: cycleId,
    participant_id: row.participantId,
    job_id: row.jobId,
    engagement: row.engagement,
    wellbeing: row.wellbeing,
    workload: row.workload,
    flight_risk: row.flightRisk,
    comment: row.comment,
  };
}

// ---------------------------------------------------------------------------------------------
// Reads (who may: super admins, and the session admins of a calibration session holding the participant)

const entryInclude = { participant: { select: { id: true, user: { select: { email: true, name: true } } } } } satisfies Prisma.ThermaScanEntryInclude;
type EntryRow = Prisma.ThermaScanEntryGetPayload<{ include: typeof entryInclude }>;

function toJson(row: EntryRow): ThermaScanJson {
  return {
    participant_id: row.participant.id,
    email: row.participant.user.email,
    name: row.participant.user.name,
    engagement: row.engagement,
    wellbeing: row.wellbeing,
    workload: row.workload,
    flight_risk: row.flightRisk as FlightRisk,
    comment: row.comment,
    job_id: row.jobId,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** May `current` read the scans of this participant? Super admins, and admins of a calibration session holding them. */
export async function mayReadThermaScan(client: Client, current: CurrentUser, participantId: number): Promise<boolean> {
  if (isSuperAdmin(current)) return true;
  const n = await client.calibrationSessionMember.count({
    where: { userId: current.user.id, role: "ADMIN", session: { participants: { some: { participantId } } } },
  });
  return n > 0;
}

/** The stored scan of one participant of the cycle (null: none yet). 404 unknown participant, 403 not allowed. */
export async function thermaScanOfParticipant(current: CurrentUser, cycleId: number, participantId: number): Promise<ThermaScanJson | null> {
  const db = await getDb();
  const participant = await db.participant.findFirst({ where: { id: participantId, cycleId }, select: { id: true } });
  if (!participant) throw notFound("Participant not found");
  if (!(await mayReadThermaScan(db, current, participantId))) throw forbidden();
  const row = await db.thermaScanEntry.findUnique({ where: { participantId }, include: entryInclude });
  return row ? toJson(row) : null;
}

/**
 * The scans of the participants of a calibration session of the cycle, for its session admin (or a super
 * admin): 404 for an unknown session, 403 for anyone else. Ordered by name.
 */
export async function thermaScansOfSession(current: CurrentUser, cycleId: number, sessionId: number): Promise<SessionThermaScans> {
  const db = await getDb();
  const session = await db.calibrationSession.findFirst({ where: { id: sessionId, cycleId }, select: { id: true } });
  if (!session) throw notFound("Calibration session not found");
  if (!isSuperAdmin(current)) {
    const admin = await db.calibrationSessionMember.count({ where: { sessionId, userId: current.user.id, role: "ADMIN" } });
    if (admin === 0) throw forbidden();
  }
  const [participantCount, rows] = await Promise.all([
    db.calibrationSessionParticipant.count({ where: { sessionId } }),
    db.thermaScanEntry.findMany({ where: { participant: { calibrations: { some: { sessionId } } } }, include: entryInclude }),
  ]);
  const entries = rows.map(toJson).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return { participantCount, entries };
}
