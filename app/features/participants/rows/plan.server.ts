import type { Db, Tx } from "~/platform/db.server";
import { findActiveUsersByEmails, participantInclude, type ParticipantRow, type Person } from "~/features/participants/model.server";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { validateParticipantRow, type ParticipantColumn, type ParticipantRowInput, type RowIssue } from "~/features/participants/schemas";

/**
 * Planning participant rows (one create, one patch, or a bulk job's chunk) before anything is written:
 * what each valid row would create or change, and the issues of the others.
 */

// ---------------------------------------------------------------------------------------------
// Planning rows: resolve emails, find existing participants, check the rules on merged values

export type Plan = {
  index: number;
  user: Person;
  existing: ParticipantRow | null;
  /** Columns the row names (undefined = keep on update). */
  managerId: number | null | undefined;
  secondaryManagerId: number | null | undefined;
  hrPartnerId: number | null | undefined;
  reviewerOnly: boolean | undefined;
};

/**
 * Check rows against the database without writing: unknown users, repeated emails, and the
 * manager rules on the values after the merge with the current participant. `rows` may be raw
 * (validated with ParticipantRowSchema here). Returns the issues by row index (0-based).
 */
export async function checkParticipantRows(tx: Db | Tx, cycleId: number, rows: readonly unknown[]): Promise<{ issues: RowIssue[] }> {
  const { issues } = await planRows(tx, cycleId, rows);
  return { issues };
}

export type Planned = { plans: Plan[]; issues: RowIssue[]; /** Every user the rows name, by id. */ people: Map<number, Person> };

export async function planRows(tx: Db | Tx, cycleId: number, rawRows: readonly unknown[]): Promise<Planned> {
  const issues: RowIssue[] = [];
  const parsed: Array<{ index: number; row: ParticipantRowInput }> = [];
  rawRows.forEach((raw, index) => {
    const result = validateParticipantRow(raw);
    if (result.ok) parsed.push({ index, row: result.row });
    else for (const e of result.errors) issues.push({ index, ...e });
  });

  const firstIndex = new Map<string, number>();
  const unique: typeof parsed = [];
  for (const item of parsed) {
    const seen = firstIndex.get(item.row.email);
    if (seen !== undefined) {
      issues.push({
        index: item.index,
        column: "email",
        message: `${item.row.email} is listed more than once (first at row index ${seen})`,
        code: { key: "storedTexts.jobs.rows.listedTwice", values: { email: item.row.email, first: seen } },
      });
    } else {
      firstIndex.set(item.row.email, item.index);
      unique.push(item);
    }
  }

  const emails = unique.flatMap(({ row }) => [row.email, row.manager_email, row.secondary_manager_email, row.hr_partner_email].filter((e): e is string => !!e));
  const users = await findActiveUsersByEmails(tx, emails);
  const people = new Map([...users.values()].map((u) => [u.id, u]));
  const participantUsers = unique.map(({ row }) => users.get(row.email)?.id).filter((id): id is number => id !== undefined);
  const existingRows = participantUsers.length
    ? await tx.participant.findMany({ where: { cycleId, userId: { in: participantUsers } }, include: participantInclude })
    : [];
  const existingByUser = new Map(existingRows.map((p) => [p.userId, p]));

  const plans: Plan[] = [];
  for (const { index, row } of unique) {
    const rowIssues: RowIssue[] = [];
    const resolve = (email: string | null | undefined, column: ParticipantColumn): number | null | undefined => {
      if (email === undefined) return undefined;
      if (email === null) return null;
      const user = users.get(email);
      if (!user) {
        rowIssues.push({ index, column, message: `No user with email ${email}`, code: { key: "participants.result.noUser", values: { email } } });
        return undefined;
      }
      return user.id;
    };
    const user = users.get(row.email);
    if (!user) rowIssues.push({ index, column: "email", message: `No user with email ${row.email}`, code: { key: "participants.result.noUser", values: { email: row.email } } });
    const managerId = resolve(row.manager_email, "manager_email");
    const secondaryManagerId = resolve(row.secondary_manager_email, "secondary_manager_email");
    const hrPartnerId = resolve(row.hr_partner_email, "hr_partner_email");
    if (user && rowIssues.length === 0) {
      const existing = existingByUser.get(user.id) ?? null;
      const manager = managerId !== undefined ? managerId : (existing?.managerId ?? null);
      const secondary = secondaryManagerId !== undefined ? secondaryManagerId : (existing?.secondaryManagerId ?? null);
      const hr = hrPartnerId !== undefined ? hrPartnerId : (existing?.hrPartnerId ?? null);
      // The row's own emails were checked by the schema; these catch a kept value clashing with a new one.
      const rule = (column: ParticipantColumn, message: string, key: TranslationKey) => rowIssues.push({ index, column, message, code: { key } });
      if (manager === user.id) rule("manager_email", "Manager must differ from the participant", "participants.result.managerSelf");
      if (secondary === user.id) {
        rule("secondary_manager_email", "Secondary manager must differ from the participant", "participants.result.secondarySelf");
      } else if (secondary != null && secondary === manager) {
        rule("secondary_manager_email", "Secondary manager must differ from the manager", "participants.result.secondaryManager");
      }
      if (hr === user.id) rule("hr_partner_email", "HR partner must differ from the participant", "participants.result.hrSelf");
      if (rowIssues.length === 0) {
        plans.push({ index, user, existing, managerId, secondaryManagerId, hrPartnerId, reviewerOnly: row.reviewer_only });
      }
    }
    issues.push(...rowIssues);
  }
  issues.sort((a, b) => a.index - b.index);
  return { plans, issues, people };
}
