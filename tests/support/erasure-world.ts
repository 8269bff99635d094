/**
 * A person with a rich history for the erasure and export tests (ADR 0053): participation, feedback both ways,
 * calibration and promotion records about them, comments they wrote, anytime feedback both ways, audit records of
 * edits of them and by them, a participants CSV upload job naming them (file, row error, message), a notification
 * naming them, a stored API answer naming them, staged rows, a session and an API token. Built with Prisma.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import { recordAudit } from "~/platform/audit.server";
import { hashToken, newTokenValue, API_TOKEN_TTL_MS } from "~/platform/auth.server";

export type ErasureWorld = {
  tag: string;
  admin: User;
  person: User;
  manager: User;
  colleague: User;
  cycleId: number;
  personParticipantId: number;
  colleagueParticipantId: number;
  uploadJobId: number;
  /** What the person wrote about the colleague (stays after erasure). */
  writtenByPerson: string;
};

export async function createErasureWorld(label = "er"): Promise<ErasureWorld> {
  const db = await getDb();
  const tag = `${label}${randomUUID().slice(0, 8)}`;
  const mk = (name: string, extra: Record<string, unknown> = {}) =>
    db.user.create({ data: { email: `${name.toLowerCase().replace(/\W+/g, ".")}.${tag}@test.example.com`, name: `${name} ${tag}`, ...extra } });
  const admin = await mk("Privacy Admin", { role: "SUPER_ADMIN" });
  const manager = await mk("Mona Manager");
  const colleague = await mk("Carl Colleague", { managerId: manager.id });
  const person = await mk("Erin Erasable", {
    managerId: manager.id,
    employeeNumber: `EMP-${tag}`,
    jobTitle: `Staff engineer ${tag}`,
    department: "Platform",
    level: "L5",
    location: "Lisbon",
    profileImageUrl: `https://img.example.com/${tag}.png`,
    scimId: `scim-${tag}`,
    scimExternalId: `okta-${tag}`,
    scimUserName: `erin.upn.${tag}@corp.example.net`,
    scimGivenName: "Erin",
    scimFamilyName: `Erasable ${tag}`,
    startDate: new Date("2021-03-01"),
  });
  const P = person;
  const cycle = await db.cycle.create({ data: { name: `Erasure cycle ${tag}`, workflowId: `test-erasure-${tag}`, state: "CALIBRATION" } });
  const pp = await db.participant.create({ data: { cycleId: cycle.id, userId: P.id, managerId: manager.id, calibratedRating: "4", proposedRating: 4 } });
  const cp = await db.participant.create({ data: { cycleId: cycle.id, userId: colleague.id, managerId: manager.id } });

  // Feedback both ways (default questionnaire ids are not needed: unknown ids count as text unless numeric).
  await db.feedback.create({
    data: { cycleId: cycle.id, revieweeId: pp.id, reviewerId: manager.id, reviewerType: "MANAGER", status: "SUBMITTED", answers: { rating: 4, strengths: `${P.name} owns the incident process` } },
  });
  const writtenByPerson = `Carl mentors the team well (written by ${tag})`;
  await db.feedback.create({
    data: { cycleId: cycle.id, revieweeId: cp.id, reviewerId: P.id, reviewerType: "PEER", status: "SUBMITTED", answers: { rating: 5, strengths: writtenByPerson } },
  });
  await db.peerRequest.create({ data: { cycleId: cycle.id, participantId: cp.id, reviewerId: P.id, requestedById: colleague.id, status: "ACCEPTED" } });

  // Calibration and promotion about them, and a comment they wrote about the colleague.
  const session = await db.calibrationSession.create({ data: { cycleId: cycle.id, name: `Session ${tag}`, kind: "RATING", createdById: admin.id } });
  const ssp = await db.calibrationSessionParticipant.create({ data: { sessionId: session.id, participantId: pp.id, kind: "RATING", rating: 4, potential: 2 } });
  const csp = await db.calibrationSessionParticipant.create({ data: { sessionId: session.id, participantId: cp.id, kind: "RATING", rating: 3 } });
  await db.calibrationComment.create({ data: { sessionId: session.id, sessionParticipantId: ssp.id, authorId: manager.id, body: `${P.email} is ready for more scope` } });
  await db.calibrationComment.create({ data: { sessionId: session.id, sessionParticipantId: csp.id, authorId: P.id, body: writtenByPerson } });
  await db.calibrationProposal.create({ data: { sessionId: session.id, sessionParticipantId: ssp.id, panelistId: manager.id, rating: 4, justification: "Delivered the migration" } });
  await db.calibrationRatingChange.create({
    data: { sessionId: session.id, sessionParticipantId: ssp.id, field: "rating", oldValue: 3, newValue: 4, reason: "Strong second half", changedById: manager.id },
  });
  const nomination = await db.promotionNomination.create({ data: { participantId: pp.id, nominatedById: manager.id, rationale: "Ready for staff+" } });
  await db.endorsement.create({ data: { nominationId: nomination.id, endorserId: colleague.id, status: "endorsed", outcome: "endorsed", body: `I endorse ${P.name}` } });

  // Anytime feedback both ways.
  await db.realtimeFeedback.create({ data: { reviewerId: manager.id, revieweeId: P.id, body: "Great demo today" } });
  await db.realtimeFeedback.create({ data: { reviewerId: P.id, revieweeId: colleague.id, body: writtenByPerson } });

  // Audit records: an admin's edits of them (snapshots with their identifiers) and their own edit of something.
  const adminActor = { userId: admin.id, realUserId: admin.id, source: "page" as const };
  await recordAudit(db, adminActor, {
    action: "user.update",
    entityType: "User",
    entityId: P.id,
    before: { id: P.id, email: P.email, name: `Erin Old ${tag}`, job_title: P.jobTitle, employee_number: P.employeeNumber },
    after: { id: P.id, email: P.email, name: P.name, job_title: P.jobTitle, employee_number: P.employeeNumber, external_id: P.scimExternalId },
  });
  await recordAudit(db, { userId: null, realUserId: null, source: "scim", label: "Okta" }, {
    action: "user.update",
    entityType: "User",
    entityId: P.id,
    after: { userName: P.scimUserName, name: { givenName: "Erin", familyName: `Erasable ${tag}` }, note: `provisioned as ${P.scimUserName}` },
  });
  await recordAudit(db, { userId: P.id, realUserId: P.id, source: "api" }, {
    action: "realtime_feedback.create",
    entityType: "RealtimeFeedback",
    entityId: 1,
    after: { reviewer_email: P.email, reviewee_email: colleague.email, body: writtenByPerson },
  });

  // A participants upload job naming them: the CSV, a row error, the job's message.
  const job = await db.job.create({
    data: {
      cycleId: cycle.id,
      type: "UPLOAD_PARTICIPANTS",
      status: "FAILED",
      workflowId: `job-test-erasure-${tag}`,
      fileName: `participants ${P.name}.csv`,
      message: `Row 2: ${P.email} is already a participant`,
      createdById: admin.id,
    },
  });
  const csv = `email,manager_email\n${P.email.toUpperCase()},${manager.email}\n${colleague.email},${manager.email}\n`;
  await db.jobFile.create({ data: { jobId: job.id, kind: "input", name: `participants ${P.name}.csv`, contentType: "text/csv", content: Buffer.from(csv) } });
  await db.jobRowError.create({ data: { jobId: job.id, rowNumber: 2, column: "email", message: `${P.email} is already a participant` } });
  await db.jobStagedBatch.create({
    data: {
      jobId: job.id,
      firstSeq: 1,
      lastSeq: 2,
      rowNumbers: [2, 3],
      emailKeys: [P.email, colleague.email],
      emails: [P.email, colleague.email],
      managerEmails: [manager.email, manager.email],
      secondaryManagerEmails: [],
      hrPartnerEmails: [],
      reviewerOnly: [false, false],
    },
  });
  const dirJob = await db.job.create({ data: { type: "IMPORT_DIRECTORY", status: "RUNNING", workflowId: `job-test-erasure-dir-${tag}`, createdById: admin.id } });
  await db.directoryStagedRow.create({
    data: { jobId: dirJob.id, seq: 1, rowNumber: 2, email: P.email, name: P.name, employeeNumber: P.employeeNumber, managerEmail: manager.email },
  });

  // A notification naming them (the manager's) and one of their own; a stored API answer naming them.
  await db.notification.create({ data: { userId: manager.id, kind: "reminder", title: `${P.name} asked for feedback`, body: `Reply to ${P.email}`, dedupeKey: `erasure-${tag}-m` } });
  await db.notification.create({ data: { userId: P.id, kind: "reminder", title: "Your feedback is due", body: "Soon", dedupeKey: `erasure-${tag}-p` } });
  await db.idempotentRequest.create({
    data: {
      userId: admin.id,
      key: `erasure-${tag}`,
      requestHash: "0".repeat(64),
      status: 200,
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ user: { id: P.id, email: P.email, name: P.name } })),
      completedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });

  // Access: a session and an API token.
  await db.userSession.create({ data: { id: hashToken(randomUUID()), userId: P.id } });
  await db.apiToken.create({ data: { userId: P.id, tokenHash: hashToken(newTokenValue()), provider: "test", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) } });

  return { tag, admin, person, manager, colleague, cycleId: cycle.id, personParticipantId: pp.id, colleagueParticipantId: cp.id, uploadJobId: job.id, writtenByPerson };
}

/** Every place in the database (every table, every column as text, bytea decoded) where one of `needles` occurs. */
export async function findEverywhere(needles: string[]): Promise<string[]> {
  const db = await getDb();
  const tables = await db.$queryRawUnsafe<Array<{ table_name: string }>>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const bytea = await db.$queryRawUnsafe<Array<{ table_name: string; column_name: string }>>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'bytea'`,
  );
  const found: string[] = [];
  for (const { table_name: t } of tables) {
    const q = `"${t.replace(/"/g, '""')}"`;
    for (const needle of needles) {
      const like = `%${needle.toLowerCase().replace(/[!%_]/g, "!$&")}%`;
      const [row] = await db.$queryRawUnsafe<Array<{ n: bigint | number }>>(`SELECT count(*) AS n FROM ${q} x WHERE lower(x::text) LIKE $1 ESCAPE '!'`, like);
      if (Number(row!.n) > 0) found.push(`${t}: ${Number(row!.n)} row(s) contain "${needle}"`);
      for (const c of bytea.filter((b) => b.table_name === t)) {
        const [hit] = await db.$queryRawUnsafe<Array<{ n: bigint | number }>>(
          `SELECT count(*) AS n FROM ${q} WHERE lower(encode("${c.column_name}", 'escape')) LIKE $1 ESCAPE '!'`,
          like,
        );
        if (Number(hit!.n) > 0) found.push(`${t}.${c.column_name} (decoded): ${Number(hit!.n)} row(s) contain "${needle}"`);
      }
    }
  }
  return found;
}
