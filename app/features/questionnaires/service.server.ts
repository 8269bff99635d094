import type { Db, Tx } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";
import type { Prisma } from "~/generated/prisma/client.ts";
import { QuestionnaireSchema, questionsByType, type Question, type Questionnaire, type ReviewerType } from "~/features/questionnaires/rules";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { ApiError, conflict, cycleNotFound } from "~/platform/api.server";
import { recordAudit, type Actor } from "~/platform/audit.server";

/**
 * Questionnaires (docs/decisions/0018-questionnaires.md): one per cycle, validated by
 * app/features/questionnaires/rules.ts. A cycle without its own questionnaire uses DEFAULT_QUESTIONNAIRE
 * (version 0). Each save writes version + 1 and an audit record with the definition before and after.
 *
 * Lock rule: once feedback has been given in the cycle — a Feedback row that is SUBMITTED, or a DRAFT
 * that already holds answers — the questionnaire cannot change (409). Saving takes an exclusive
 * transaction-level advisory lock per cycle; code that writes feedback answers takes the shared one
 * (`lockQuestionnaireShared`) in its transaction, so a save and a first answer cannot cross.
 */

export const QUESTIONNAIRE_LOCKED_MESSAGE = "The questionnaire cannot change: feedback has already been given in this cycle";

/** First key of the two-key advisory lock (the second is the cycle id). */
const QUESTIONNAIRE_LOCK_SPACE = 18_001;

export type QuestionnaireView = {
  cycle_id: number;
  definition: Questionnaire;
  /** 0 while the cycle uses the default questionnaire; 1 after the first save, then +1 per save. */
  version: number;
  is_default: boolean;
  locked: boolean;
  updated_at: string | null;
  updated_by: { id: number; name: string; email: string } | null;
};

export type CycleQuestions = {
  questions: Record<ReviewerType, Question[]>;
  version: number;
  is_default: boolean;
  locked: boolean;
};

type Client = Db | Tx;

/** Exclusive per-cycle lock for a questionnaire save (held until the transaction ends). */
async function lockQuestionnaireExclusive(tx: Tx, cycleId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${QUESTIONNAIRE_LOCK_SPACE}::int4, ${cycleId}::int4)`;
}

/**
 * For feedback writers (issue 3): call inside the transaction that stores answers or submits, before
 * writing, so no questionnaire save can run between the lock check and the first answer.
 */
export async function lockQuestionnaireShared(tx: Tx, cycleId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${QUESTIONNAIRE_LOCK_SPACE}::int4, ${cycleId}::int4)`;
}

/** Whether feedback has been given in the cycle: a SUBMITTED row, or a DRAFT that holds answers. */
export async function isQuestionnaireLocked(client: Client, cycleId: number): Promise<boolean> {
  const rows = await client.$queryRaw<Array<{ locked: boolean }>>`
    SELECT EXISTS (
      SELECT 1 FROM "Feedback"
      WHERE "cycleId" = ${cycleId}
        AND ("status" = 'SUBMITTED' OR ("answers" IS NOT NULL AND "answers" NOT IN ('{}'::jsonb, 'null'::jsonb, '[]'::jsonb)))
    ) AS "locked"`;
  return rows[0]?.locked === true;
}

async function assertCycle(client: Client, cycleId: number): Promise<void> {
  const cycle = await client.cycle.findUnique({ where: { id: cycleId }, select: { id: true } });
  if (!cycle) throw cycleNotFound(cycleId);
}

type Row = Prisma.QuestionnaireGetPayload<object>;

async function toView(client: Client, cycleId: number, row: Row | null, locked: boolean): Promise<QuestionnaireView> {
  if (!row) {
    return { cycle_id: cycleId, definition: DEFAULT_QUESTIONNAIRE, version: 0, is_default: true, locked, updated_at: null, updated_by: null };
  }
  const by = row.updatedById
    ? await client.user.findUnique({ where: { id: row.updatedById }, select: { id: true, name: true, email: true } })
    : null;
  // Stored definitions were validated on save; parsing again also applies the schema's trimming.
  const definition = QuestionnaireSchema.parse(row.definition);
  return {
    cycle_id: cycleId,
    definition,
    version: row.version,
    is_default: false,
    locked,
    updated_at: row.updatedAt.toISOString(),
    updated_by: by,
  };
}

/** The cycle's questionnaire, or the default one (version 0) when it has none. 404 for an unknown cycle. */
export async function getQuestionnaire(cycleId: number, client?: Client): Promise<QuestionnaireView> {
  const db = client ?? (await getDb());
  await assertCycle(db, cycleId);
  const [row, locked] = await Promise.all([db.questionnaire.findUnique({ where: { cycleId } }), isQuestionnaireLocked(db, cycleId)]);
  return toView(db, cycleId, row, locked);
}

/** The questions each reviewer type answers ([] for a type not asked), as GET .../questions returns them. */
export async function getCycleQuestions(cycleId: number): Promise<CycleQuestions> {
  const view = await getQuestionnaire(cycleId);
  return { questions: questionsByType(view.definition), version: view.version, is_default: view.is_default, locked: view.locked };
}

export type SaveQuestionnaireOptions = {
  /** Optimistic concurrency: the version the editor started from (409 when it moved on meanwhile). */
  expectedVersion?: number;
  /** Audit action (default questionnaire.save; upload jobs use questionnaire.upload). */
  action?: string;
};

function snapshot(row: Pick<Row, "id" | "cycleId" | "version" | "definition"> | null) {
  return row ? { id: row.id, cycle_id: row.cycleId, version: row.version, definition: row.definition } : null;
}

/**
 * Validate and store a cycle's questionnaire inside the caller's transaction: version + 1, audited
 * with before/after. Throws a ZodError for an invalid definition (400), 404 for an unknown cycle,
 * 409 when feedback has been given or when `expectedVersion` is stale.
 */
export async function saveQuestionnaireTx(
  tx: Tx,
  actor: Actor,
  cycleId: number,
  definition: unknown,
  opts: SaveQuestionnaireOptions = {},
): Promise<QuestionnaireView> {
  const parsed = QuestionnaireSchema.parse(definition);
  await assertCycle(tx, cycleId);
  await lockQuestionnaireExclusive(tx, cycleId);
  if (await isQuestionnaireLocked(tx, cycleId)) throw conflict(QUESTIONNAIRE_LOCKED_MESSAGE, { cycle_id: cycleId, reason: "feedback_given" });
  const before = await tx.questionnaire.findUnique({ where: { cycleId } });
  const currentVersion = before?.version ?? 0;
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== currentVersion) {
    throw conflict(`The questionnaire was changed meanwhile (now version ${currentVersion}); reload it and try again`, {
      cycle_id: cycleId,
      reason: "version_mismatch",
      version: currentVersion,
    });
  }
  const json = parsed as unknown as Prisma.InputJsonValue;
  const after = before
    ? await tx.questionnaire.update({
        where: { cycleId },
        data: { definition: json, version: { increment: 1 }, updatedById: actor.userId },
      })
    : await tx.questionnaire.create({ data: { cycleId, definition: json, version: 1, updatedById: actor.userId } });
  await recordAudit(tx, actor, {
    action: opts.action ?? "questionnaire.save",
    entityType: "Questionnaire",
    entityId: after.id,
    before: snapshot(before),
    after: snapshot(after),
  });
  return toView(tx, cycleId, after, false);
}

/** Validate and store a cycle's questionnaire in its own transaction (see saveQuestionnaireTx). */
export async function saveQuestionnaire(
  actor: Actor,
  cycleId: number,
  definition: unknown,
  opts: SaveQuestionnaireOptions = {},
): Promise<QuestionnaireView> {
  const db = await getDb();
  return db.$transaction((tx) => saveQuestionnaireTx(tx, actor, cycleId, definition, opts));
}

/** Whether an error is the lock's 409 (for pages that show the message instead of failing). */
export function isLockConflict(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && (err.details as { reason?: string } | null)?.reason === "feedback_given";
}
