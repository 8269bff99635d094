import { randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { Tx } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import {
  confirmationMatches,
  ERASED_TEXT,
  erasureBlockedReason,
  erasureReplacements,
  pseudonymFrom,
  redactAnswers,
  redactAttributeSnapshot,
  redactUserSnapshot,
  type Pseudonym,
} from "~/features/privacy/rules";
import { ATTRIBUTE_VALUES_AUDIT } from "~/features/insights/attribute-value-rules";
import { scrubAllTables, type ScrubCounts } from "~/features/privacy/scrub.server";

/**
 * Erasure of a deactivated person (ADR 0053). In ONE transaction:
 *  1. free text written about them goes (feedback text answers where they are the reviewee, anytime feedback they
 *     received, calibration comments, proposal justifications, rating change reasons and promotion votes' notes on
 *     them, their nominations' rationale, the endorsements' texts on those nominations, their Therma-scan comment);
 *     ratings, decisions and the rows themselves stay, so counts and statistics do;
 *  2. their sessions, API tokens (also spoof tokens of others acting as them), stored API answers, notifications and
 *     people attribute values go (their audits keep the attributes' names, not the values);
 *     files written about them as a whole (their own exports, feedback PDF archives of their cycles) go;
 *  3. their User row gets the pseudonym and loses every other identifier; their own audit snapshots lose them too;
 *  4. the generic pass (scrub.server.ts) replaces their email and name in every text, JSON and file of every table;
 *  5. `user.erase` is audited, without the erased values.
 * What they wrote about others stays, attributed to the pseudonym (the rows keep their user id).
 */

export type ErasureResult = { pseudonym: Pseudonym; textsRemoved: number; rowsRewritten: number; deleted: Record<string, number> };

/** The person may be erased with this confirmation: 404 unknown, 409 active or already erased, 400 wrong email. */
export async function assertErasable(tx: Tx | Prisma.TransactionClient, userId: number, confirmEmail: string | null): Promise<{ email: string }> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, active: true, erasedAt: true } });
  if (!user) throw new ApiError(404, "not_found", "User not found", refusalDetails(pageMessage("users.refusal.notFound")));
  const blocked = erasureBlockedReason(user);
  // The key says the same as the English (ADR 0108): the erasure job fails with it (privacy/jobs.server.ts).
  const key = pageMessage(user.erasedAt ? "privacy.result.alreadyErased" : "privacy.result.deactivateFirst");
  if (blocked) throw new ApiError(409, user.erasedAt ? "already_erased" : "user_active", blocked, refusalDetails(key));
  if (confirmEmail !== null && !confirmationMatches(confirmEmail, user.email)) {
    throw new ApiError(
      400,
      "confirmation_mismatch",
      "Type the person's email exactly to confirm the erasure",
      refusalDetails(pageMessage("privacy.result.mismatch"), { confirm_email: ["Does not match the person's email"] }),
    );
  }
  return { email: user.email };
}

/** Question id → kind of the cycle's questionnaire for a reviewer type (the default questionnaire when it has none). */
function questionKinds(definition: unknown, reviewerType: string): Record<string, string> {
  const def = (definition && typeof definition === "object" ? definition : DEFAULT_QUESTIONNAIRE) as Record<string, unknown>;
  const list = Array.isArray(def[reviewerType]) ? (def[reviewerType] as Array<{ id?: unknown; kind?: unknown }>) : [];
  return Object.fromEntries(list.filter((q) => typeof q.id === "string").map((q) => [q.id as string, String(q.kind)]));
}

/** Step 1: the free text about the person. Returns how many texts went. */
async function removeTextsAbout(tx: Tx, userId: number, participantIds: number[]): Promise<number> {
  let removed = 0;
  const feedbacks = await tx.feedback.findMany({
    where: { revieweeId: { in: participantIds } },
    select: { id: true, answers: true, reviewerType: true, cycle: { select: { questionnaire: { select: { definition: true } } } } },
  });
  for (const f of feedbacks) {
    const { answers, removed: n } = redactAnswers(f.answers, questionKinds(f.cycle.questionnaire?.definition, f.reviewerType));
    if (n > 0) {
      await tx.feedback.update({ where: { id: f.id }, data: { answers: answers as Prisma.InputJsonValue } });
      removed += n;
    }
  }
  removed += (await tx.realtimeFeedback.updateMany({ where: { revieweeId: userId }, data: { body: ERASED_TEXT } })).count;
  const sp = { sessionParticipant: { participantId: { in: participantIds } } };
  removed += (await tx.calibrationComment.updateMany({ where: sp, data: { body: ERASED_TEXT } })).count;
  removed += (await tx.calibrationProposal.updateMany({ where: sp, data: { justification: ERASED_TEXT } })).count;
  removed += (await tx.calibrationRatingChange.updateMany({ where: sp, data: { reason: ERASED_TEXT } })).count;
  removed += (await tx.promotionVote.updateMany({ where: { ...sp, note: { not: null } }, data: { note: null } })).count;
  const nominations = { participantId: { in: participantIds } };
  removed += (await tx.promotionNomination.updateMany({ where: { ...nominations, rationale: { not: null } }, data: { rationale: null } })).count;
  removed += (
    await tx.endorsement.updateMany({
      where: { nomination: nominations, OR: [{ body: { not: null } }, { rejectReason: { not: null } }] },
      data: { body: null, rejectReason: null },
    })
  ).count;
  removed += (await tx.thermaScanEntry.updateMany({ where: { ...nominations, comment: { not: null } }, data: { comment: null } })).count;
  return removed;
}

/** Step 2: access, caches and whole files about the person. */
async function deleteAccessAndFiles(tx: Tx, userId: number, participantIds: number[]): Promise<Record<string, number>> {
  const cycles = await tx.participant.findMany({ where: { id: { in: participantIds } }, select: { cycleId: true } });
  return {
    sessions: (await tx.userSession.deleteMany({ where: { OR: [{ userId }, { realUserId: userId }] } })).count,
    api_tokens: (await tx.apiToken.deleteMany({ where: { OR: [{ userId }, { realUserId: userId }] } })).count,
    idempotent_requests: (await tx.idempotentRequest.deleteMany({ where: { userId } })).count,
    notifications: (await tx.notification.deleteMany({ where: { userId } })).count,
    // Their people attribute values (gender, employment type, custom ones: ADR 0109), as their level, location,
    // department and start date columns are emptied in step 3.
    attribute_values: (await tx.attributeValue.deleteMany({ where: { userId } })).count,
    export_files: (await tx.jobFile.deleteMany({ where: { job: { type: "EXPORT_PERSON", subjectUserId: userId } } })).count,
    feedback_pdf_files: (
      await tx.jobFile.deleteMany({
        where: { kind: { not: "input" }, job: { type: "BULK_FEEDBACK_PDF", cycleId: { in: cycles.map((c) => c.cycleId) } } },
      })
    ).count,
  };
}

/** Step 3: the User row and the snapshots of it in the audit log. */
async function pseudonymiseUser(tx: Tx, userId: number, pseudonym: Pseudonym, erasedAt: Date): Promise<number> {
  await tx.user.update({
    where: { id: userId },
    data: {
      name: pseudonym.name,
      email: pseudonym.email,
      employeeNumber: null,
      jobTitle: null,
      department: null,
      level: null,
      location: null,
      profileImageUrl: null,
      scimId: null,
      scimExternalId: null,
      scimUserName: null,
      scimGivenName: null,
      scimFamilyName: null,
      startDate: null,
      erasedAt,
    },
  });
  const audits = await tx.auditRecord.findMany({ where: { entityType: "User", entityId: String(userId) }, select: { id: true, action: true, before: true, after: true } });
  let changed = 0;
  for (const a of audits) {
    // The audits of their attribute values keep which attributes changed, when and by whom; never the values.
    const redact = a.action === ATTRIBUTE_VALUES_AUDIT ? redactAttributeSnapshot : (v: unknown) => redactUserSnapshot(v, pseudonym);
    const before = redact(a.before);
    const after = redact(a.after);
    if (!before.changed && !after.changed) continue;
    await tx.auditRecord.update({
      where: { id: a.id },
      data: { before: before.value as Prisma.InputJsonValue, after: after.value as Prisma.InputJsonValue },
    });
    changed++;
  }
  return changed;
}

/**
 * Erase the person (inside the caller's transaction, e.g. the erasure job's step). Re-checks that they are deactivated
 * and not erased (409 otherwise). `heartbeat` is called during the generic pass.
 */
export async function erasePerson(tx: Tx, actor: Actor, userId: number, opts: { heartbeat?: () => void; randomHex?: string } = {}): Promise<ErasureResult> {
  await assertErasable(tx, userId, null);
  const old = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, name: true, employeeNumber: true, scimId: true, scimExternalId: true, scimUserName: true, scimGivenName: true, scimFamilyName: true },
  });
  const pseudonym = pseudonymFrom(opts.randomHex ?? randomBytes(12).toString("hex"));
  const erasedAt = new Date();
  const participantIds = (await tx.participant.findMany({ where: { userId }, select: { id: true } })).map((p) => p.id);

  const textsRemoved = await removeTextsAbout(tx, userId, participantIds);
  const deleted = await deleteAccessAndFiles(tx, userId, participantIds);
  const ids = [old.employeeNumber, old.scimId, old.scimExternalId, old.scimUserName, old.scimGivenName, old.scimFamilyName].filter((v): v is string => !!v && v.trim() !== "");
  if (old.employeeNumber) {
    await tx.directoryStagedRow.updateMany({ where: { employeeNumber: { equals: old.employeeNumber, mode: "insensitive" } }, data: { employeeNumber: null } });
  }
  const snapshots = await pseudonymiseUser(tx, userId, pseudonym, erasedAt);
  const replacements = erasureReplacements(old, pseudonym);
  // A SCIM userName other than the email (an Entra UPN) is replaced like the email wherever it stands.
  if (old.scimUserName && old.scimUserName.toLowerCase() !== old.email.toLowerCase()) {
    replacements.unshift({ pattern: old.scimUserName, kind: old.scimUserName.includes("@") ? "email" : "name", replacement: pseudonym.email });
  }
  const counts: ScrubCounts = await scrubAllTables(tx, replacements, ids, opts.heartbeat);
  const rowsRewritten = Object.values(counts).reduce((a, b) => a + b, 0) + snapshots;

  await recordAudit(tx, actor, {
    action: "user.erase",
    entityType: "User",
    entityId: userId,
    after: {
      name: pseudonym.name,
      email: pseudonym.email,
      erased_at: erasedAt.toISOString(),
      texts_removed: textsRemoved,
      rows_rewritten: rowsRewritten,
      deleted,
      columns_rewritten: counts,
    },
  });
  return { pseudonym, textsRemoved, rowsRewritten, deleted };
}
