import type { Tx } from "~/platform/db.server";
import { ApiError } from "~/platform/api.server";
import type { Actor } from "~/platform/audit.server";
import type { OpenWorkResult } from "~/features/cycles/stage-effects.server";
import type { RowIssue } from "~/features/participants/schemas";
import { assertCycle } from "~/features/participants/queries.server";
import { planRows } from "~/features/participants/rows/plan.server";
import { applyPlans } from "~/features/participants/rows/apply.server";

/** The bulk entry points of participant rows: the all-or-nothing upsert and a bulk job's chunk import. */

/** 400 for rows that fail validation; details.rows lists the issues by row index. */
export class ParticipantRowsError extends ApiError {
  constructor(public issues: RowIssue[]) {
    super(400, "validation_failed", `${new Set(issues.map((i) => i.index)).size} participant row(s) are invalid`, { rows: issues });
  }
}

/**
 * Idempotent bulk upsert by (cycle, user), inside the caller's transaction. Emails are resolved
 * to active users in bulk. A field the row leaves undefined keeps its current value (none on
 * create); null clears it. All rows or none: any invalid row throws ParticipantRowsError (use
 * checkParticipantRows first to keep only the valid rows). Unchanged rows write nothing.
 * One audit record (participant.create / participant.update, before/after) per changed participant.
 */
export async function upsertParticipantRows(
  tx: Tx,
  cycleId: number,
  rows: Array<{ email: string; manager_email?: string | null; secondary_manager_email?: string | null; hr_partner_email?: string | null; reviewer_only?: boolean | string }>,
  actor: Actor,
): Promise<{ created: number; updated: number; unchanged: number }> {
  await assertCycle(tx, cycleId);
  const { plans, issues, people } = await planRows(tx, cycleId, rows);
  if (issues.length) throw new ParticipantRowsError(issues);
  const applied = await applyPlans(tx, cycleId, plans, actor, people);
  return { created: applied.created.length, updated: applied.updated.length, unchanged: applied.unchanged };
}

/**
 * One chunk of a bulk import (the participant jobs), inside the caller's transaction: checks the
 * rows once (checkParticipantRows; with `insertOnly`, a row whose user already is a participant of
 * the cycle is an issue too) and, with `write`, upserts the valid rows as upsertParticipantRows
 * does (idempotent by (cycle, user), one audit record per created or changed participant) and opens
 * the current feedback stage's work for the created and re-managed ones (`opened`). Rows with issues
 * are left out; the issues come back by row index.
 */
export async function importParticipantRows(
  tx: Tx,
  cycleId: number,
  rows: readonly unknown[],
  actor: Actor,
  opts: { insertOnly: boolean; write: boolean },
): Promise<{ issues: RowIssue[]; created: number; updated: number; unchanged: number; opened: OpenWorkResult | null }> {
  await assertCycle(tx, cycleId);
  const planned = await planRows(tx, cycleId, rows);
  const issues = [...planned.issues];
  let plans = planned.plans;
  if (opts.insertOnly) {
    for (const plan of plans) {
      if (!plan.existing) continue;
      const email = plan.user.email.toLowerCase();
      issues.push({
        index: plan.index,
        column: "email",
        message: `${email} is already a participant of this cycle (use the upsert job to change participants)`,
        code: { key: "storedTexts.jobs.rows.alreadyParticipant", values: { email } },
      });
    }
    plans = plans.filter((p) => !p.existing);
    issues.sort((a, b) => a.index - b.index);
  }
  if (!opts.write || plans.length === 0) return { issues, created: 0, updated: 0, unchanged: 0, opened: null };
  const applied = await applyPlans(tx, cycleId, plans, actor, planned.people);
  return { issues, created: applied.created.length, updated: applied.updated.length, unchanged: applied.unchanged, opened: applied.opened };
}
