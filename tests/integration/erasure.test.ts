/**
 * Erasure and export of one person (ADR 0053), through the services: a person with a rich history is erased and then
 * their old email and name are looked for in EVERY table of the database (every column as text, JSON included, job
 * files and stored answers decoded) and in the export of another person; refusals write nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { readStoredZip } from "~/platform/zip-store.server";
import { ApiError } from "~/platform/api.server";
import { assertErasable, erasePerson } from "~/features/privacy/erase.server";
import { collectPersonData, personExportZip } from "~/features/privacy/export.server";
import { ERASED_TEXT } from "~/features/privacy/rules";
import { createErasureWorld, findEverywhere, type ErasureWorld } from "../support/erasure-world";

let w: ErasureWorld;
const actor = () => ({ userId: w.admin.id, realUserId: w.admin.id, source: "api" as const });

async function fingerprint() {
  const db = await getDb();
  const [audits, user, tokens, sessions] = await Promise.all([
    db.auditRecord.count(),
    db.user.findUniqueOrThrow({ where: { id: w.person.id } }),
    db.apiToken.count({ where: { userId: w.person.id } }),
    db.userSession.count({ where: { userId: w.person.id } }),
  ]);
  return JSON.stringify({ audits, user, tokens, sessions });
}

async function erase(userId: number) {
  const db = await getDb();
  return db.$transaction((tx) => erasePerson(tx, actor(), userId), { timeout: 120_000, maxWait: 30_000 });
}

beforeAll(async () => {
  w = await createErasureWorld();
});

describe("export of a person", () => {
  it("holds their profile, feedback both ways, calibration, anytime feedback, access metadata and audit records, never a hash", async () => {
    const db = await getDb();
    const data = await collectPersonData(db, w.person.id);
    expect(data.profile).toMatchObject({ email: w.person.email, employee_number: w.person.employeeNumber, scim_external_id: w.person.scimExternalId });
    expect(data.sections.participations).toHaveLength(1);
    expect(data.sections.feedback_received[0]).toMatchObject({ reviewer: { id: w.manager.id, email: w.manager.email }, answers: { rating: 4 } });
    expect(data.sections.feedback_written[0]).toMatchObject({ answers: { strengths: w.writtenByPerson } });
    expect(data.sections.calibration_comments_about_them).toHaveLength(1);
    expect(data.sections.calibration_comments_written).toHaveLength(1);
    expect(data.sections.promotion_nominations[0]).toMatchObject({ rationale: "Ready for staff+" });
    expect(data.sections.anytime_feedback_received).toHaveLength(1);
    expect(data.sections.anytime_feedback_sent).toHaveLength(1);
    expect(data.sections.notifications).toHaveLength(1);
    expect(data.sections.sessions).toHaveLength(1);
    expect(data.sections.api_tokens).toHaveLength(1);
    expect(data.sections.audit_records.map((a) => a.action)).toEqual(expect.arrayContaining(["user.update", "realtime_feedback.create"]));

    const zip = readStoredZip(personExportZip(data));
    expect([...zip.keys()]).toEqual(expect.arrayContaining(["person.json", "profile.csv", "feedback_received.csv", "audit_records.csv"]));
    expect(JSON.parse(zip.get("person.json")!.toString("utf8")).profile.email).toBe(w.person.email);
    expect(zip.get("feedback_received.csv")!.toString("utf8")).toContain(`reviewer_email`);
    const all = [...zip.values()].map((b) => b.toString("utf8")).join("\n");
    const hashes = [
      ...(await db.apiToken.findMany({ where: { userId: w.person.id } })).map((t) => t.tokenHash),
      ...(await db.userSession.findMany({ where: { userId: w.person.id } })).map((s) => s.id),
    ];
    for (const h of hashes) expect(all).not.toContain(h);
  });
});

describe("erasure of a person", () => {
  it("refuses an active person (409) and a wrong confirmation (400), writing nothing", async () => {
    const db = await getDb();
    const before = await fingerprint();
    const active = await assertErasable(db, w.person.id, w.person.email).catch((e: unknown) => e);
    expect(active).toBeInstanceOf(ApiError);
    expect((active as ApiError).status).toBe(409);
    await expect(erase(w.person.id)).rejects.toMatchObject({ status: 409 });
    expect(await fingerprint()).toBe(before);

    await db.user.update({ where: { id: w.person.id }, data: { active: false, deactivatedAt: new Date() } });
    const deactivated = await fingerprint();
    const wrong = await assertErasable(db, w.person.id, `x${w.person.email}`).catch((e: unknown) => e);
    expect((wrong as ApiError).status).toBe(400);
    expect((wrong as ApiError).code).toBe("confirmation_mismatch");
    expect(await assertErasable(db, w.person.id, `  ${w.person.email.toUpperCase()} `)).toEqual({ email: w.person.email });
    expect(await fingerprint()).toBe(deactivated);
  });

  it("leaves their email and name in no table, keeps ratings, counts and what they wrote, and audits user.erase", async () => {
    const db = await getDb();
    // Their own earlier export is a file about them as a whole.
    const exportJob = await db.job.create({ data: { type: "EXPORT_PERSON", subjectUserId: w.person.id, status: "SUCCEEDED", workflowId: `job-test-export-${w.tag}` } });
    await db.jobFile.create({
      data: { jobId: exportJob.id, kind: "output", name: "export.zip", contentType: "application/zip", content: new Uint8Array(personExportZip(await collectPersonData(db, w.person.id))) },
    });
    const needles = [w.person.email, w.person.name, w.person.employeeNumber!, w.person.scimExternalId!, w.person.scimId!, w.person.scimUserName!, `Erasable ${w.tag}`];
    expect((await findEverywhere(needles)).length).toBeGreaterThan(10);

    const result = await erase(w.person.id);
    expect(result.pseudonym.name).toMatch(/^Erased person [0-9a-f]{6}$/);
    expect(result.pseudonym.email).toMatch(/^erased-[0-9a-f]+@erased\.invalid$/);

    expect(await findEverywhere(needles)).toEqual([]);
    expect(await findEverywhere([`Erin Old ${w.tag}`])).toEqual([]);

    const user = await db.user.findUniqueOrThrow({ where: { id: w.person.id } });
    expect(user).toMatchObject({ name: result.pseudonym.name, email: result.pseudonym.email, jobTitle: null, department: null, level: null, location: null, employeeNumber: null, scimId: null, scimExternalId: null, scimUserName: null, scimGivenName: null, scimFamilyName: null, startDate: null, profileImageUrl: null });
    expect(user.erasedAt).not.toBeNull();
    expect(await db.userSession.count({ where: { userId: w.person.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: w.person.id } })).toBe(0);

    // Free text about them is gone; ratings and rows stay.
    const received = await db.feedback.findFirstOrThrow({ where: { revieweeId: w.personParticipantId } });
    expect(received.answers).toEqual({ rating: 4 });
    expect((await db.realtimeFeedback.findFirstOrThrow({ where: { revieweeId: w.person.id } })).body).toBe(ERASED_TEXT);
    const comments = await db.calibrationComment.findMany({ where: { sessionParticipant: { participantId: w.personParticipantId } } });
    expect(comments.map((c) => c.body)).toEqual([ERASED_TEXT]);
    expect((await db.calibrationSessionParticipant.findFirstOrThrow({ where: { participantId: w.personParticipantId } })).rating).toBe(4);
    expect((await db.participant.findUniqueOrThrow({ where: { id: w.personParticipantId } })).calibratedRating).toBe("4");
    const nomination = await db.promotionNomination.findFirstOrThrow({ where: { participantId: w.personParticipantId }, include: { endorsements: true } });
    expect(nomination.rationale).toBeNull();
    expect(nomination.endorsements.map((e) => [e.body, e.outcome])).toEqual([[null, "endorsed"]]);

    // What they wrote about others stays, attributed to the pseudonym.
    const written = await db.feedback.findFirstOrThrow({ where: { reviewerId: w.person.id }, include: { reviewer: true } });
    expect(written.answers).toEqual({ rating: 5, strengths: w.writtenByPerson });
    expect(written.reviewer.name).toBe(result.pseudonym.name);
    expect((await db.realtimeFeedback.findFirstOrThrow({ where: { reviewerId: w.person.id } })).body).toBe(w.writtenByPerson);
    expect((await db.calibrationComment.findFirstOrThrow({ where: { authorId: w.person.id } })).body).toBe(w.writtenByPerson);

    // Files: the CSV upload is rewritten (the other rows kept), their export is deleted.
    const input = await db.jobFile.findUniqueOrThrow({ where: { jobId_kind: { jobId: w.uploadJobId, kind: "input" } } });
    expect(Buffer.from(input.content).toString("utf8")).toBe(`email,manager_email\n${result.pseudonym.email},${w.manager.email}\n${w.colleague.email},${w.manager.email}\n`);
    expect(await db.jobFile.count({ where: { jobId: exportJob.id } })).toBe(0);
    const staged = await db.directoryStagedRow.findFirstOrThrow({ where: { job: { workflowId: `job-test-erasure-dir-${w.tag}` } } });
    expect(staged).toMatchObject({ email: result.pseudonym.email, name: result.pseudonym.name, employeeNumber: null });

    // The audit log records the erasure, without the erased values (the scan above covers every audit record).
    const audit = await db.auditRecord.findFirstOrThrow({ where: { action: "user.erase", entityType: "User", entityId: String(w.person.id) } });
    expect(audit.actorId).toBe(w.admin.id);
    expect(audit.after).toMatchObject({ name: result.pseudonym.name, email: result.pseudonym.email });
    const snapshot = await db.auditRecord.findFirstOrThrow({ where: { action: "user.update", entityType: "User", entityId: String(w.person.id) } });
    expect(snapshot.after).toMatchObject({ email: result.pseudonym.email, name: result.pseudonym.name, job_title: null, employee_number: null, external_id: null });

    // The export of another person no longer shows them.
    const other = [...readStoredZip(personExportZip(await collectPersonData(db, w.colleague.id))).values()].map((b) => b.toString("utf8")).join("\n").toLowerCase();
    for (const n of needles) expect(other).not.toContain(n.toLowerCase());
    expect(other).toContain(result.pseudonym.email);

    // Once erased, never again.
    await expect(erase(w.person.id)).rejects.toMatchObject({ status: 409, code: "already_erased" });
  });
});
