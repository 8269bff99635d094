import { getDb } from "~/platform/db.server";
import { participantAuditSnapshot, toParticipantJson } from "~/features/participants/model.server";
import type { ParticipantJson } from "~/features/participants/rules";
import { ParticipantCreateSchema, ParticipantPatchSchema, type ParticipantCreateInput, type ParticipantPatchInput, type RowIssue } from "~/features/participants/schemas";
import { issueDetails } from "~/features/participants/refusals";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { conflict, unprocessable } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { assertCycle, requireParticipant } from "~/features/participants/queries.server";
import { planRows } from "~/features/participants/rows/plan.server";
import { applyPlans } from "~/features/participants/rows/apply.server";

/**
 * Participants of a cycle: the domain used by the admin pages, the /api/v1 routes and the bulk
 * participant jobs. Every write runs in one transaction together with its audit records.
 * See docs/decisions/0008-participants.md.
 *
 * This file: create, update and delete one participant. Reads: queries.server.ts; input schemas:
 * schemas.ts; bulk rows (plan, apply, upsert, job import): rows/; rating and promotion decision:
 * outcomes/service.server.ts. A refusal says its English and, in its details, the same as keys (refusals.ts, ADR 0108).
 */

// ---------------------------------------------------------------------------------------------
// Writes (one transaction each, with the audit record)

/** 409: the user already is a participant of the cycle (the email field's error, and the refusal's message). */
function alreadyParticipant(email: string) {
  const message = `${email} is already a participant of this cycle`;
  const code = { key: "participants.result.alreadyParticipant" as const, values: { email } };
  return conflict(message, issueDetails(code, [{ column: "email", message, code }]));
}

/** 422: the rows' issues by field (English and keys, ADR 0108). */
const invalidInput = (issues: RowIssue[]) => unprocessable("Invalid input", issueDetails({ key: "participants.result.invalidInput" }, issues));

/** Create one participant (409 if the user already is one in this cycle). */
export async function createParticipant(actor: Actor, cycleId: number, input: ParticipantCreateInput): Promise<ParticipantJson> {
  const parsed = ParticipantCreateSchema.parse(input);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await assertCycle(tx, cycleId);
    const { plans, issues, people } = await planRows(tx, cycleId, [parsed]);
    if (issues.length) throw invalidInput(issues);
    const plan = plans[0]!;
    if (plan.existing) throw alreadyParticipant(plan.user.email);
    const applied = await applyPlans(tx, cycleId, [plan], actor, people);
    const row = applied.created[0];
    if (!row) throw alreadyParticipant(plan.user.email);
    return toParticipantJson(row);
  });
}

/** Change a participant's managers, HR partner or reviewer-only flag. */
export async function updateParticipant(actor: Actor, cycleId: number, email: string, patch: ParticipantPatchInput): Promise<ParticipantJson> {
  const parsed = ParticipantPatchSchema.parse(patch);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const current = await requireParticipant(tx, cycleId, email);
    const { plans, issues, people } = await planRows(tx, cycleId, [{ email: current.user.email.toLowerCase(), ...parsed }]);
    if (issues.length) throw invalidInput(issues);
    const applied = await applyPlans(tx, cycleId, plans, actor, people);
    return toParticipantJson(applied.updated[0] ?? current);
  });
}

/**
 * Delete a participant. Refused (409) once feedback about or by them exists in the cycle, or a
 * promotion nomination exists: deleting would silently drop that work (the rows cascade).
 */
export async function deleteParticipant(actor: Actor, cycleId: number, participantEmail: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await requireParticipant(tx, cycleId, participantEmail);
    // One after the other: a transaction runs on one connection.
    const about = await tx.feedback.count({ where: { revieweeId: row.id } });
    const by = await tx.feedback.count({ where: { cycleId, reviewerId: row.userId } });
    const nominations = await tx.promotionNomination.count({ where: { participantId: row.id } });
    const email = row.user.email;
    if (about + by > 0) {
      throw conflict(
        `${email} cannot be deleted: feedback about or by them exists in this cycle`,
        refusalDetails({ key: "participants.result.hasFeedback", values: { email } }, { feedback_about: about, feedback_by: by }),
      );
    }
    if (nominations > 0) {
      throw conflict(
        `${email} cannot be deleted: they have a promotion nomination in this cycle`,
        refusalDetails({ key: "participants.result.hasNomination", values: { email } }, { nominations }),
      );
    }
    await tx.participant.delete({ where: { id: row.id } });
    await recordAudit(tx, actor, {
      action: "participant.delete",
      entityType: "Participant",
      entityId: row.id,
      before: { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) },
    });
  });
}
