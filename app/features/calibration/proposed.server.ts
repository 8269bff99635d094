import { Prisma } from "~/generated/prisma/client.ts";
import type { Db, Tx } from "~/platform/db.server";
import { recordAudit, recordAudits, type Actor } from "~/platform/audit.server";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { QuestionnaireSchema, type Question, type Questionnaire } from "~/features/questionnaires/rules";

/**
 * The proposed rating and potential of each participant (ADR 0026), from their manager's SUBMITTED
 * MANAGER feedback:
 *  - rating: the MANAGER rating question `overall_impact`, else the first MANAGER rating question,
 *    rescaled onto 1–5 (rules.ts toCalibrationScale, the same formula in SQL);
 *  - potential: the MANAGER rating question `potential` rescaled onto 1–3, else the choice question
 *    `trajectory` by option position (first third low, middle medium, last third high).
 * Computed in one statement per cycle when the cycle enters calibration (a stage effect), and for the
 * participants of a new session whose value is still missing (then never overwriting one). Only the feedback of
 * the participant's current manager counts. Entering calibration computes them again (`overwrite`), since
 * managers may change submitted feedback until then.
 */

type Client = Db | Tx;

export type ProposalSource = {
  rating: { id: string; min: number; max: number } | null;
  potential: { kind: "rating"; id: string; min: number; max: number } | { kind: "choice"; id: string; options: string[] } | null;
};

export function proposalSource(q: Questionnaire): ProposalSource {
  const manager: Question[] = (q as Record<string, Question[] | undefined>).MANAGER ?? [];
  const ratingQ = manager.find((x) => x.kind === "rating" && x.id === "overall_impact") ?? manager.find((x) => x.kind === "rating" && x.id !== "potential");
  const potentialRating = manager.find((x) => x.kind === "rating" && x.id === "potential");
  const trajectory = manager.find((x) => x.kind === "choice" && x.id === "trajectory");
  return {
    rating: ratingQ?.scale ? { id: ratingQ.id, min: ratingQ.scale.min, max: ratingQ.scale.max } : null,
    potential: potentialRating?.scale
      ? { kind: "rating", id: potentialRating.id, min: potentialRating.scale.min, max: potentialRating.scale.max }
      : trajectory?.options?.length
        ? { kind: "choice", id: trajectory.id, options: trajectory.options }
        : null,
  };
}

async function questionnaireOf(client: Client, cycleId: number): Promise<Questionnaire> {
  const row = await client.questionnaire.findUnique({ where: { cycleId }, select: { definition: true } });
  if (!row) return DEFAULT_QUESTIONNAIRE;
  const parsed = QuestionnaireSchema.safeParse(row.definition);
  return parsed.success ? parsed.data : DEFAULT_QUESTIONNAIRE;
}

/** SQL for a number answer of question `id` rescaled from [min,max] onto [1,top]. */
function rescaled(id: string, min: number, max: number, top: number): Prisma.Sql {
  const v = Prisma.sql`(CASE WHEN jsonb_typeof(f."answers"::jsonb -> ${id}) = 'number' THEN (f."answers"::jsonb ->> ${id})::numeric END)`;
  return Prisma.sql`(CASE WHEN ${v} BETWEEN ${min} AND ${max} THEN LEAST(${top}, GREATEST(1, FLOOR(1 + ((${v} - ${min}) * ${top - 1}) / ${max - min} + 0.5)))::int END)`;
}

function potentialSql(source: ProposalSource["potential"]): Prisma.Sql {
  if (!source) return Prisma.sql`NULL::int`;
  if (source.kind === "rating") return rescaled(source.id, source.min, source.max, 3);
  const n = source.options.length;
  const cases = source.options.map((opt, i) => Prisma.sql`WHEN ${opt} THEN ${Math.min(3, Math.floor((i * 3) / n) + 1)}`);
  return Prisma.sql`(CASE f."answers"::jsonb ->> ${source.id} ${Prisma.join(cases, " ")} END)::int`;
}

/**
 * Fill Participant.proposedRating / proposedPotential where missing, for the cycle (participantIds null)
 * or some of its participants. Returns how many rows changed.
 */
export async function fillProposedRatings(client: Client, cycleId: number, participantIds: readonly number[] | null, overwrite = false): Promise<number> {
  const source = proposalSource(await questionnaireOf(client, cycleId));
  if (!source.rating && !source.potential) return 0;
  const rating = source.rating ? rescaled(source.rating.id, source.rating.min, source.rating.max, 5) : Prisma.sql`NULL::int`;
  const scope = participantIds ? Prisma.sql`AND p."id" IN (${Prisma.join(participantIds.length ? participantIds : [-1])})` : Prisma.empty;
  return client.$executeRaw`
    UPDATE "Participant" p
       SET "proposedRating" = CASE WHEN ${overwrite} THEN x."rating" ELSE COALESCE(p."proposedRating", x."rating") END,
           "proposedPotential" = CASE WHEN ${overwrite} THEN x."potential" ELSE COALESCE(p."proposedPotential", x."potential") END
      FROM (
        SELECT f."revieweeId" AS "id", f."reviewerId" AS "reviewerId", ${rating} AS "rating", ${potentialSql(source.potential)} AS "potential"
          FROM "Feedback" f
         WHERE f."cycleId" = ${cycleId} AND f."reviewerType" = 'MANAGER' AND f."status" = 'SUBMITTED'
      ) x
     WHERE p."id" = x."id" AND p."cycleId" = ${cycleId} AND p."reviewerOnly" = false ${scope}
       AND p."managerId" = x."reviewerId"
       AND (${overwrite} OR p."proposedRating" IS NULL OR p."proposedPotential" IS NULL)
       AND (x."rating" IS NOT NULL OR x."potential" IS NOT NULL)`;
}

/**
 * The sessions set up before the managers submitted (drafts: a session is activated only in calibration)
 * start from the proposals too: their participants' missing rating and potential become the proposed ones.
 * Each session so changed gets an audit record (`calibration_session.seeded`) with the session participants it set.
 */
async function seedDraftSessions(tx: Tx, cycleId: number, actor: Actor): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ sessionId: number; id: number }>>`
    UPDATE "CalibrationSessionParticipant" sp
       SET "rating" = p."proposedRating",
           "potential" = p."proposedPotential",
           "updatedAt" = CURRENT_TIMESTAMP
      FROM "Participant" p, "CalibrationSession" s
     WHERE sp."participantId" = p."id" AND sp."sessionId" = s."id"
       AND p."cycleId" = ${cycleId} AND s."state" = 'draft' AND sp."terminatedAt" IS NULL
       AND (sp."rating" IS DISTINCT FROM p."proposedRating" OR sp."potential" IS DISTINCT FROM p."proposedPotential")
    RETURNING sp."sessionId", sp."id"`;
  const bySession = new Map<number, number[]>();
  for (const r of rows) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r.id]);
  await recordAudits(
    tx,
    actor,
    [...bySession].map(([sessionId, ids]) => ({
      action: "calibration_session.seeded",
      entityType: "CalibrationSession",
      entityId: sessionId,
      after: { session_participant_ids: ids.sort((a, b) => a - b), from: "proposed_ratings" },
    })),
  );
  return rows.length;
}

/** Stage effect of entering calibration: every participant's proposal (and the draft sessions' starting values), with one audit record of the counts. */
export async function openCalibration(tx: Tx, cycleId: number, actor: Actor): Promise<{ proposed: number }> {
  // Manager feedback is final now: the proposals are computed again from it (values taken earlier for draft
  // sessions may be stale), and every draft session starts from them (nothing is rated in a draft).
  const proposed = await fillProposedRatings(tx, cycleId, null, true);
  const seeded = await seedDraftSessions(tx, cycleId, { ...actor, source: "workflow" });
  await recordAudit(tx, { ...actor, source: "workflow" }, {
    action: "cycle.calibration_opened",
    entityType: "Cycle",
    entityId: cycleId,
    after: { proposed_ratings: proposed, session_participants_seeded: seeded },
  });
  return { proposed };
}
