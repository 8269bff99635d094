import { z } from "zod";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import {
  CALIBRATED_RATINGS,
  PROMOTION_DECISIONS,
  deriveMandatoryPanel,
  type CalibratedRating,
  type PanelReviewer,
  type PromotionDecision,
} from "~/features/participants/rules";
import {
  findActiveUsersByEmails,
  findParticipantByEmail,
  listParticipantRows,
  participantAuditSnapshot,
  participantInclude,
  toParticipantJson,
  type ParticipantJson,
  type ParticipantRow,
} from "~/features/participants/model.server";
import { ApiError, badRequest, conflict, notFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { fromDbPanelStatus, PANEL_STATUS_LABELS, type PanelStatusValue } from "~/features/peer-selection/rules";
import { peerRequestsOf, type PeerRequestJson } from "~/features/peer-selection/service.server";
import { openWorkOfCurrentStage, type OpenWorkResult } from "~/features/cycles/stage-effects.server";

/**
 * Participants of a cycle: the domain used by the admin pages, the /api/v1 routes and the bulk
 * participant jobs. Every write runs in one transaction together with its audit records.
 * See docs/decisions/0008-participants.md.
 */

export type { ParticipantJson } from "~/features/participants/model.server";

// ---------------------------------------------------------------------------------------------
// Schemas

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

function emailField(what: string) {
  return z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .toLowerCase()
    .pipe(z.email(`${what} must be a valid email address`));
}

/** An optional email cell: missing = keep the current value; blank or null = none. */
function optionalEmailField(what: string) {
  return z.preprocess(blankToNull, emailField(what).nullable().optional());
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", ""]);

/** CSV flag: true/false, yes/no, y/n, 1/0 (any case); blank = false. Booleans pass through. */
const flagCell = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const word = v.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return v;
  },
  z.boolean({ error: "reviewer_only must be true or false" }).optional(),
);

type RowShape = {
  email: string;
  manager_email?: string | null;
  secondary_manager_email?: string | null;
  hr_partner_email?: string | null;
  reviewer_only?: boolean;
};

/** Cross-field rules of one row, on the values it names. */
function rowRules(v: RowShape, ctx: z.RefinementCtx) {
  if (v.manager_email && v.manager_email === v.email) {
    ctx.addIssue({ code: "custom", path: ["manager_email"], message: "Manager must differ from the participant" });
  }
  if (v.secondary_manager_email && v.secondary_manager_email === v.email) {
    ctx.addIssue({ code: "custom", path: ["secondary_manager_email"], message: "Secondary manager must differ from the participant" });
  } else if (v.secondary_manager_email && v.manager_email && v.secondary_manager_email === v.manager_email) {
    ctx.addIssue({ code: "custom", path: ["secondary_manager_email"], message: "Secondary manager must differ from the manager" });
  }
  if (v.hr_partner_email && v.hr_partner_email === v.email) {
    ctx.addIssue({ code: "custom", path: ["hr_partner_email"], message: "HR partner must differ from the participant" });
  }
}

/**
 * One participant row of an upload/upsert CSV (columns: email, manager_email,
 * secondary_manager_email, hr_partner_email, reviewer_only). Cells are strings; emails are
 * trimmed and lower-cased. A column missing from the file keeps the current value on update
 * (none on create); a blank cell clears it. Unknown columns are ignored.
 */
export const ParticipantRowSchema = z
  .object({
    email: emailField("Email"),
    manager_email: optionalEmailField("Manager email"),
    secondary_manager_email: optionalEmailField("Secondary manager email"),
    hr_partner_email: optionalEmailField("HR partner email"),
    reviewer_only: flagCell,
  })
  .superRefine(rowRules);
export type ParticipantRowInput = z.infer<typeof ParticipantRowSchema>;

/** The CSV header of participant files, in order. */
export const PARTICIPANT_CSV_COLUMNS = ["email", "manager_email", "secondary_manager_email", "hr_partner_email", "reviewer_only"] as const;
export type ParticipantColumn = (typeof PARTICIPANT_CSV_COLUMNS)[number];

export type RowIssue = { index: number; column: ParticipantColumn | null; message: string };

/** Validate one raw row (e.g. a CSV record): the parsed row, or the issues by column. */
export function validateParticipantRow(
  raw: unknown,
): { ok: true; row: ParticipantRowInput } | { ok: false; errors: Array<{ column: ParticipantColumn | null; message: string }> } {
  const parsed = ParticipantRowSchema.safeParse(raw);
  if (parsed.success) return { ok: true, row: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const key = issue.path[0];
      const column = (PARTICIPANT_CSV_COLUMNS as readonly unknown[]).includes(key) ? (key as ParticipantColumn) : null;
      return { column, message: issue.message };
    }),
  };
}

/** POST /participants body (also the create form). */
export const ParticipantCreateSchema = z
  .object({
    email: emailField("Email"),
    manager_email: emailField("Manager email").nullable().optional(),
    secondary_manager_email: emailField("Secondary manager email").nullable().optional(),
    hr_partner_email: emailField("HR partner email").nullable().optional(),
    reviewer_only: z.boolean({ error: "reviewer_only must be true or false" }).optional(),
  })
  .strict()
  .superRefine(rowRules);
export type ParticipantCreateInput = z.infer<typeof ParticipantCreateSchema>;

/** PATCH /participants/{email} body (also the edit form): null clears a person. */
export const ParticipantPatchSchema = z
  .object({
    manager_email: emailField("Manager email").nullable().optional(),
    secondary_manager_email: emailField("Secondary manager email").nullable().optional(),
    hr_partner_email: emailField("HR partner email").nullable().optional(),
    reviewer_only: z.boolean({ error: "reviewer_only must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" });
export type ParticipantPatchInput = z.infer<typeof ParticipantPatchSchema>;

export const CalibratedRatingSchema = z.union(CALIBRATED_RATINGS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, ...z.ZodLiteral<CalibratedRating>[]], {
  error: "Calibrated rating must be a whole number from 1 to 5",
});
export const CalibratedRatingBodySchema = z.object({ calibrated_rating: CalibratedRatingSchema.nullable() }).strict();
export const PromotionDecisionBodySchema = z
  .object({
    promotion_decision: z.enum(PROMOTION_DECISIONS, { error: `Promotion decision must be one of ${PROMOTION_DECISIONS.join(", ")}` }).nullable(),
  })
  .strict();

export const ParticipantListQuerySchema = z.object({
  q: z.string().max(200, "q must be at most 200 characters").optional(),
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1, "page must be a positive whole number").default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a whole number from 1 to 100" })
    .int()
    .min(1, "page_size must be a whole number from 1 to 100")
    .max(100, "page_size must be a whole number from 1 to 100")
    .default(25),
});
export type ParticipantListQuery = z.infer<typeof ParticipantListQuerySchema>;

export type ParticipantFieldErrors = Partial<Record<ParticipantColumn, string[]>> & { form?: string[] };

/** Field errors of a zod failure (forms and 400 details). */
export function participantFieldErrorsOf(error: z.ZodError): ParticipantFieldErrors {
  const flat = z.flattenError(error);
  return { ...(flat.fieldErrors as ParticipantFieldErrors), ...(flat.formErrors.length ? { form: flat.formErrors } : {}) };
}

function fieldError(column: ParticipantColumn | null, message: string) {
  return column ? { formErrors: [], fieldErrors: { [column]: [message] } } : { formErrors: [message], fieldErrors: {} };
}

// ---------------------------------------------------------------------------------------------
// Planning rows: resolve emails, find existing participants, check the rules on merged values

type Person = { id: number; email: string; name: string };

type Plan = {
  index: number;
  user: Person;
  existing: ParticipantRow | null;
  /** Columns the row names (undefined = keep on update). */
  managerId: number | null | undefined;
  secondaryManagerId: number | null | undefined;
  hrPartnerId: number | null | undefined;
  reviewerOnly: boolean | undefined;
};

async function assertCycle(tx: Db | Tx, cycleId: number) {
  const cycle = await tx.cycle.findUnique({ where: { id: cycleId }, select: { id: true } });
  if (!cycle) throw notFound(`Cycle ${cycleId} not found`);
}

/**
 * Check rows against the database without writing: unknown users, repeated emails, and the
 * manager rules on the values after the merge with the current participant. `rows` may be raw
 * (validated with ParticipantRowSchema here). Returns the issues by row index (0-based).
 */
export async function checkParticipantRows(tx: Db | Tx, cycleId: number, rows: readonly unknown[]): Promise<{ issues: RowIssue[] }> {
  const { issues } = await planRows(tx, cycleId, rows);
  return { issues };
}

type Planned = { plans: Plan[]; issues: RowIssue[]; /** Every user the rows name, by id. */ people: Map<number, Person> };

async function planRows(tx: Db | Tx, cycleId: number, rawRows: readonly unknown[]): Promise<Planned> {
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
      issues.push({ index: item.index, column: "email", message: `${item.row.email} is listed more than once (first at row index ${seen})` });
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
        rowIssues.push({ index, column, message: `No user with email ${email}` });
        return undefined;
      }
      return user.id;
    };
    const user = users.get(row.email);
    if (!user) rowIssues.push({ index, column: "email", message: `No user with email ${row.email}` });
    const managerId = resolve(row.manager_email, "manager_email");
    const secondaryManagerId = resolve(row.secondary_manager_email, "secondary_manager_email");
    const hrPartnerId = resolve(row.hr_partner_email, "hr_partner_email");
    if (user && rowIssues.length === 0) {
      const existing = existingByUser.get(user.id) ?? null;
      const manager = managerId !== undefined ? managerId : (existing?.managerId ?? null);
      const secondary = secondaryManagerId !== undefined ? secondaryManagerId : (existing?.secondaryManagerId ?? null);
      const hr = hrPartnerId !== undefined ? hrPartnerId : (existing?.hrPartnerId ?? null);
      // The row's own emails were checked by the schema; these catch a kept value clashing with a new one.
      if (manager === user.id) rowIssues.push({ index, column: "manager_email", message: "Manager must differ from the participant" });
      if (secondary === user.id) {
        rowIssues.push({ index, column: "secondary_manager_email", message: "Secondary manager must differ from the participant" });
      } else if (secondary != null && secondary === manager) {
        rowIssues.push({ index, column: "secondary_manager_email", message: "Secondary manager must differ from the manager" });
      }
      if (hr === user.id) rowIssues.push({ index, column: "hr_partner_email", message: "HR partner must differ from the participant" });
      if (rowIssues.length === 0) {
        plans.push({ index, user, existing, managerId, secondaryManagerId, hrPartnerId, reviewerOnly: row.reviewer_only });
      }
    }
    issues.push(...rowIssues);
  }
  issues.sort((a, b) => a.index - b.index);
  return { plans, issues, people };
}

// ---------------------------------------------------------------------------------------------
// Applying plans

type Applied = {
  created: ParticipantRow[];
  updated: ParticipantRow[];
  unchanged: number;
  /** The work of the current feedback stage opened for the created and re-managed participants (null: none). */
  opened: OpenWorkResult | null;
};

type AuditRow = {
  actorId: number | null;
  realActorId: number | null;
  source: string;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

function auditData(actor: Actor, action: string, entityId: number, before: unknown, after: unknown): AuditRow {
  return {
    actorId: actor.userId,
    realActorId: actor.realUserId ?? actor.userId,
    source: actor.source,
    action,
    entityType: "Participant",
    entityId: String(entityId),
    before: before === null || before === undefined ? undefined : before,
    after: after === null || after === undefined ? undefined : after,
  };
}

/**
 * Audit records in one statement (bulk jobs write up to thousands per chunk; Prisma's createMany
 * spent most of a chunk's time on them). Same columns and values as recordAudit; `createdAt` is
 * the given instant (UTC, like the timestamps Prisma writes). Ids follow the array order.
 */
async function insertAuditRows(tx: Tx, rows: AuditRow[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "AuditRecord" ("actorId", "realActorId", source, action, "entityType", "entityId", before, after, "createdAt")
    SELECT x."actorId", x."realActorId", x.source, x.action, x."entityType", x."entityId", x.before, x.after, ${at.toISOString()}::timestamp(3)
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((r, n) => ({ ...r, n })))}::jsonb) AS x("actorId" int, "realActorId" int, source text,
      action text, "entityType" text, "entityId" text, before jsonb, after jsonb, n int)
    ORDER BY x.n`;
}

function changesOf(plan: Plan, existing: ParticipantRow) {
  const data: { managerId?: number | null; secondaryManagerId?: number | null; hrPartnerId?: number | null; reviewerOnly?: boolean } = {};
  if (plan.managerId !== undefined && plan.managerId !== existing.managerId) data.managerId = plan.managerId;
  if (plan.secondaryManagerId !== undefined && plan.secondaryManagerId !== existing.secondaryManagerId) data.secondaryManagerId = plan.secondaryManagerId;
  if (plan.hrPartnerId !== undefined && plan.hrPartnerId !== existing.hrPartnerId) data.hrPartnerId = plan.hrPartnerId;
  if (plan.reviewerOnly !== undefined && plan.reviewerOnly !== existing.reviewerOnly) data.reviewerOnly = plan.reviewerOnly;
  return data;
}

type ParticipantScalars = Omit<ParticipantRow, "user" | "manager" | "secondaryManager" | "hrPartner">;

/**
 * Insert the new participants in one statement (ON CONFLICT DO NOTHING on (cycle, user), so a
 * concurrent insert of the same participant never doubles it); returns the inserted rows.
 */
async function insertParticipants(tx: Tx, cycleId: number, plans: Plan[], at: Date): Promise<ParticipantScalars[]> {
  const data = plans.map((p, n) => ({
    n,
    u: p.user.id,
    m: p.managerId ?? null,
    s: p.secondaryManagerId ?? null,
    h: p.hrPartnerId ?? null,
    r: p.reviewerOnly ?? false,
  }));
  const stamp = at.toISOString();
  return tx.$queryRaw<ParticipantScalars[]>`
    INSERT INTO "Participant" ("cycleId", "userId", "managerId", "secondaryManagerId", "hrPartnerId", "reviewerOnly", "createdAt", "updatedAt")
    SELECT ${cycleId}::int, x.u, x.m, x.s, x.h, x.r, ${stamp}::timestamp(3), ${stamp}::timestamp(3)
    FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS x(n int, u int, m int, s int, h int, r boolean)
    ORDER BY x.n
    ON CONFLICT ("cycleId", "userId") DO NOTHING
    RETURNING *`;
}

/**
 * Change the given fields of existing participants in one statement; a field a row does not
 * change keeps whatever value the database holds (`c*` flags), as a per-row update would.
 */
async function updateParticipants(tx: Tx, changes: Array<{ id: number; data: ReturnType<typeof changesOf> }>, at: Date): Promise<number[]> {
  const data = changes.map(({ id, data: d }) => ({
    id,
    cm: d.managerId !== undefined,
    m: d.managerId ?? null,
    cs: d.secondaryManagerId !== undefined,
    s: d.secondaryManagerId ?? null,
    ch: d.hrPartnerId !== undefined,
    h: d.hrPartnerId ?? null,
    cr: d.reviewerOnly !== undefined,
    r: d.reviewerOnly ?? false,
  }));
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    UPDATE "Participant" AS p SET
      "managerId" = CASE WHEN x.cm THEN x.m ELSE p."managerId" END,
      "secondaryManagerId" = CASE WHEN x.cs THEN x.s ELSE p."secondaryManagerId" END,
      "hrPartnerId" = CASE WHEN x.ch THEN x.h ELSE p."hrPartnerId" END,
      "reviewerOnly" = CASE WHEN x.cr THEN x.r ELSE p."reviewerOnly" END,
      "updatedAt" = ${at.toISOString()}::timestamp(3)
    FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS x(id int, cm boolean, m int, cs boolean, s int, ch boolean, h int, cr boolean, r boolean)
    WHERE p.id = x.id
    RETURNING p.id`;
  return rows.map((r) => Number(r.id));
}

/**
 * Insert the new participants, update the changed ones, and write one audit record per created
 * or changed participant: a handful of statements per call whatever the number of rows (bulk jobs
 * call this with a whole chunk). A new participant that a concurrent insert created meanwhile is
 * updated instead. `people` holds every user the plans name (planRows), so created rows are not
 * read back. While a feedback stage is open, the created participants and those whose manager,
 * secondary manager or reviewer-only flag changed get that stage's requests (openWorkOfCurrentStage,
 * scoped to them, idempotent): a single create/update and a bulk job's chunk open exactly the same rows.
 */
async function applyPlans(tx: Tx, cycleId: number, plans: Plan[], actor: Actor, people: Map<number, Person>): Promise<Applied> {
  const at = new Date();
  const toCreate = plans.filter((p) => !p.existing);
  let toUpdate = plans.filter((p) => p.existing);
  const created: ParticipantRow[] = [];
  if (toCreate.length) {
    const inserted = await insertParticipants(tx, cycleId, toCreate, at);
    const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
    for (const row of inserted) {
      const user = people.get(row.userId);
      if (!user) throw new Error(`Participant ${row.id}: user ${row.userId} was not planned`);
      created.push({
        ...row,
        user,
        manager: person(row.managerId),
        secondaryManager: person(row.secondaryManagerId),
        hrPartner: person(row.hrPartnerId),
      });
    }
    const insertedUsers = new Set(inserted.map((r) => r.userId));
    const lost = toCreate.filter((p) => !insertedUsers.has(p.user.id));
    if (lost.length) {
      const now = await tx.participant.findMany({ where: { cycleId, userId: { in: lost.map((p) => p.user.id) } }, include: participantInclude });
      const byUser = new Map(now.map((r) => [r.userId, r]));
      toUpdate = [...toUpdate, ...lost.map((p) => ({ ...p, existing: byUser.get(p.user.id) ?? null })).filter((p) => p.existing)];
    }
  }
  const changes: Array<{ id: number; data: ReturnType<typeof changesOf> }> = [];
  const beforeById = new Map<number, ParticipantRow>();
  let unchanged = 0;
  for (const plan of toUpdate) {
    const existing = plan.existing!;
    const data = changesOf(plan, existing);
    if (Object.keys(data).length === 0) {
      unchanged++;
      continue;
    }
    beforeById.set(existing.id, existing);
    changes.push({ id: existing.id, data });
  }
  let updated: ParticipantRow[] = [];
  const reopen = changes
    .filter(({ data }) => data.managerId !== undefined || data.secondaryManagerId !== undefined || data.reviewerOnly !== undefined)
    .map((c) => c.id);
  if (changes.length) {
    const ids = await updateParticipants(tx, changes, at);
    const rows = await tx.participant.findMany({ where: { id: { in: ids } }, include: participantInclude });
    const byId = new Map(rows.map((r) => [r.id, r]));
    updated = changes.map((c) => byId.get(c.id)).filter((r): r is ParticipantRow => !!r);
  }
  await insertAuditRows(
    tx,
    [
      ...created.map((row) => auditData(actor, "participant.create", row.id, null, { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) })),
      ...updated.map((row) =>
        auditData(
          actor,
          "participant.update",
          row.id,
          { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(beforeById.get(row.id)!)) },
          { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) },
        ),
      ),
    ],
    at,
  );
  const opened = await openWorkOfCurrentStage(tx, cycleId, [...created.map((r) => r.id), ...reopen], actor);
  return { created, updated, unchanged, opened };
}

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
      issues.push({ index: plan.index, column: "email", message: `${email} is already a participant of this cycle (use the upsert job to change participants)` });
    }
    plans = plans.filter((p) => !p.existing);
    issues.sort((a, b) => a.index - b.index);
  }
  if (!opts.write || plans.length === 0) return { issues, created: 0, updated: 0, unchanged: 0, opened: null };
  const applied = await applyPlans(tx, cycleId, plans, actor, planned.people);
  return { issues, created: applied.created.length, updated: applied.updated.length, unchanged: applied.unchanged, opened: applied.opened };
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function listParticipants(cycleId: number, query: ParticipantListQuery): Promise<{ participants: ParticipantJson[]; total: number }> {
  const db = await getDb();
  await assertCycle(db, cycleId);
  const { rows, total } = await listParticipantRows(db, cycleId, {
    q: query.q,
    skip: (query.page - 1) * query.page_size,
    take: query.page_size,
  });
  return { participants: rows.map(toParticipantJson), total };
}

async function requireParticipant(tx: Db | Tx, cycleId: number, email: string): Promise<ParticipantRow> {
  await assertCycle(tx, cycleId);
  const row = await findParticipantByEmail(tx, cycleId, email);
  if (!row) throw notFound(`${email} is not a participant of cycle ${cycleId}`);
  return row;
}

export async function getParticipant(cycleId: number, email: string): Promise<ParticipantJson> {
  return toParticipantJson(await requireParticipant(await getDb(), cycleId, email));
}

export type PanelReviewerJson = { reviewer_type: PanelReviewer["reviewerType"]; reviewer_type_label: string; email: string; name: string };
export type ParticipantPanelJson = {
  participant: ParticipantJson;
  receives_feedback: boolean;
  reviewers: PanelReviewerJson[];
  panel_status: PanelStatusValue;
  panel_status_label: string;
  peer_requests: PeerRequestJson[];
};

/**
 * The participant's mandatory reviewers in this cycle, derived from the participant records, and the
 * peers asked through peer selection with their status (app/features/peer-selection/service.server.ts).
 */
export async function getParticipantPanel(cycleId: number, email: string): Promise<ParticipantPanelJson> {
  const db = await getDb();
  const subject = await requireParticipant(db, cycleId, email);
  const related = await db.participant.findMany({
    where: { cycleId, OR: [{ managerId: subject.userId }, { secondaryManagerId: subject.userId }] },
    include: { user: { select: { id: true, email: true, name: true } } },
  });
  const member = (p: { userId: number; managerId: number | null; secondaryManagerId: number | null; reviewerOnly: boolean; user: Person }) => ({
    userId: p.userId,
    email: p.user.email,
    name: p.user.name,
    managerId: p.managerId,
    secondaryManagerId: p.secondaryManagerId,
    reviewerOnly: p.reviewerOnly,
  });
  const person = (u: Person | null) => (u ? { userId: u.id, email: u.email, name: u.name } : null);
  const reviewers = deriveMandatoryPanel(member(subject), related.map(member), {
    manager: person(subject.manager),
    secondaryManager: person(subject.secondaryManager),
  });
  const panelStatus = fromDbPanelStatus(subject.panelStatus);
  return {
    participant: toParticipantJson(subject),
    receives_feedback: !subject.reviewerOnly,
    reviewers: reviewers.map((r) => ({ reviewer_type: r.reviewerType, reviewer_type_label: r.label, email: r.email, name: r.name })),
    panel_status: panelStatus,
    panel_status_label: PANEL_STATUS_LABELS[panelStatus],
    peer_requests: await peerRequestsOf(db, subject.id),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes (one transaction each, with the audit record)

function toFieldErrorDetails(issues: RowIssue[]) {
  const fieldErrors: Partial<Record<ParticipantColumn, string[]>> = {};
  const formErrors: string[] = [];
  for (const issue of issues) {
    if (issue.column) (fieldErrors[issue.column] ??= []).push(issue.message);
    else formErrors.push(issue.message);
  }
  return { formErrors, fieldErrors };
}

/** Create one participant (409 if the user already is one in this cycle). */
export async function createParticipant(actor: Actor, cycleId: number, input: ParticipantCreateInput): Promise<ParticipantJson> {
  const parsed = ParticipantCreateSchema.parse(input);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await assertCycle(tx, cycleId);
    const { plans, issues, people } = await planRows(tx, cycleId, [parsed]);
    if (issues.length) throw badRequest("Invalid input", toFieldErrorDetails(issues));
    const plan = plans[0]!;
    if (plan.existing) {
      const message = `${plan.user.email} is already a participant of this cycle`;
      throw conflict(message, fieldError("email", message));
    }
    const applied = await applyPlans(tx, cycleId, [plan], actor, people);
    const row = applied.created[0];
    if (!row) {
      const message = `${plan.user.email} is already a participant of this cycle`;
      throw conflict(message, fieldError("email", message));
    }
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
    if (issues.length) throw badRequest("Invalid input", toFieldErrorDetails(issues));
    const applied = await applyPlans(tx, cycleId, plans, actor, people);
    return toParticipantJson(applied.updated[0] ?? current);
  });
}

/**
 * Delete a participant. Refused (409) once feedback about or by them exists in the cycle, or a
 * promotion nomination exists: deleting would silently drop that work (the rows cascade).
 */
export async function deleteParticipant(actor: Actor, cycleId: number, email: string): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await requireParticipant(tx, cycleId, email);
    // One after the other: a transaction runs on one connection.
    const about = await tx.feedback.count({ where: { revieweeId: row.id } });
    const by = await tx.feedback.count({ where: { cycleId, reviewerId: row.userId } });
    const nominations = await tx.promotionNomination.count({ where: { participantId: row.id } });
    if (about + by > 0) {
      throw conflict(`${row.user.email} cannot be deleted: feedback about or by them exists in this cycle`, {
        feedback_about: about,
        feedback_by: by,
      });
    }
    if (nominations > 0) {
      throw conflict(`${row.user.email} cannot be deleted: they have a promotion nomination in this cycle`, { nominations });
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

async function setOutcome(
  actor: Actor,
  cycleId: number,
  email: string,
  field: "calibratedRating" | "promotionDecision",
  value: string | null,
  action: string,
  what: string,
): Promise<ParticipantJson> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await requireParticipant(tx, cycleId, email);
    if (row[field] === value) return toParticipantJson(row);
    if (row.reviewerOnly && value !== null) {
      throw conflict(`${row.user.email} is a reviewer-only participant and gets no ${what}`);
    }
    const after = await tx.participant.update({ where: { id: row.id }, data: { [field]: value }, include: participantInclude });
    await recordAudit(tx, actor, {
      action,
      entityType: "Participant",
      entityId: row.id,
      before: { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(row)) },
      after: { cycle_id: cycleId, ...participantAuditSnapshot(toParticipantJson(after)) },
    });
    return toParticipantJson(after);
  });
}

/** Set or clear (null) the calibrated rating (1–5). */
export async function setCalibratedRating(actor: Actor, cycleId: number, email: string, rating: CalibratedRating | null): Promise<ParticipantJson> {
  const parsed = CalibratedRatingBodySchema.parse({ calibrated_rating: rating });
  return setOutcome(actor, cycleId, email, "calibratedRating", parsed.calibrated_rating === null ? null : String(parsed.calibrated_rating), "participant.calibrated_rating", "rating");
}

/** Set or clear (null) the promotion decision. */
export async function setPromotionDecision(actor: Actor, cycleId: number, email: string, decision: PromotionDecision | null): Promise<ParticipantJson> {
  const parsed = PromotionDecisionBodySchema.parse({ promotion_decision: decision });
  return setOutcome(actor, cycleId, email, "promotionDecision", parsed.promotion_decision, "participant.promotion_decision", "promotion decision");
}
