import { sqlRows } from "~/platform/sql.server";
import { attributeValuesOf, type AttributeColumns, type ColumnAttributeIds } from "~/features/insights/attribute-values.server";
import { bandValue } from "~/features/insights/bands";
import type { InsightPerson, PersonStage } from "~/features/insights/figures";
import type { InsightAttribute } from "~/features/insights/insight-json";

/**
 * The population of a fairness insight (issue 29 §2, ADR 0111): a cycle's participants (reviewer-only ones left out)
 * or a calibration session's, optionally only an HR partner's, each with what they went through at every stage and
 * their attribute values, bands applied. One round trip whatever the size (ADR 0116): one prepared statement reads
 * the stages (peer requests, feedback with the length of each answered one, ratings before and after calibration,
 * nomination, endorsement, panel votes, decision: aggregated per participant by the database) and the attribute
 * values (the person's directory columns and stored values, made into values by attribute-values.server.ts's one rule).
 */

export type PopulationScope = { kind: "cycle"; cycleId: number; hrPartnerId: number | null } | { kind: "session"; sessionId: number; hrPartnerId: number | null };

/** One participant's row: the figures' PersonStage with the participant, the person's columns and stored values. */
type StageRow = PersonStage & AttributeColumns & { id: number; userId: number; values: Array<{ attributeId: number; value: string }> | null };

/** The length of a feedback: the characters of its written (text) answers; rating answers are numbers and do not count. */
const STAGES = `
SELECT p."id", p."userId", p."proposedRating" AS "before", cr."rating" AS "after",
  coalesce(pr."requests", 0) AS "requests", coalesce(pr."accepted", 0) AS "accepted", coalesce(pr."declined", 0) AS "declined",
  coalesce(fb."feedback", 0) AS "feedback", coalesce(fb."answered", 0) AS "answered", coalesce(fb."lengths", '{}') AS "lengths",
  (n."id" IS NOT NULL) AS "nominated",
  EXISTS (SELECT 1 FROM "Endorsement" e WHERE e."nominationId" = n."id" AND e."outcome" = 'endorsed') AS "endorsed",
  coalesce(v."votes", 0) AS "votes", coalesce(v."promoted", 0) AS "promotedVotes",
  coalesce(cp."decision", p."promotionDecision") AS "decision",
  u."level", u."location", u."department", u."startDate",
  (SELECT json_agg(json_build_object('attributeId', av."attributeId", 'value', av."value")) FROM "AttributeValue" av WHERE av."userId" = p."userId") AS "values"
FROM "Participant" p
JOIN "User" u ON u."id" = p."userId"
LEFT JOIN "CalibrationSessionParticipant" cr ON cr."participantId" = p."id" AND cr."kind" = 'RATING'
LEFT JOIN "CalibrationSessionParticipant" cp ON cp."participantId" = p."id" AND cp."kind" = 'PROMOTION'
LEFT JOIN "PromotionNomination" n ON n."participantId" = p."id"
LEFT JOIN LATERAL (
  SELECT count(*)::int AS "requests", (count(*) FILTER (WHERE r."status" = 'ACCEPTED'))::int AS "accepted", (count(*) FILTER (WHERE r."status" = 'DECLINED'))::int AS "declined"
  FROM "PeerRequest" r WHERE r."participantId" = p."id") pr ON true
LEFT JOIN LATERAL (
  SELECT count(*)::int AS "feedback", (count(*) FILTER (WHERE f."status" = 'SUBMITTED'))::int AS "answered",
    array_agg(l."length") FILTER (WHERE f."status" = 'SUBMITTED') AS "lengths"
  FROM "Feedback" f
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(length(a."value" #>> '{}')), 0)::int AS "length" FROM jsonb_each(f."answers") a WHERE jsonb_typeof(a."value") = 'string') l
  WHERE f."revieweeId" = p."id" AND f."reviewerType" <> 'SELF') fb ON true
LEFT JOIN LATERAL (
  SELECT count(*)::int AS "votes", (count(*) FILTER (WHERE x."vote" = 'PROMOTED'))::int AS "promoted"
  FROM "PromotionVote" x WHERE x."sessionParticipantId" = cp."id") v ON true`;

const CYCLE_STAGES = `${STAGES}
WHERE p."cycleId" = $1 AND NOT p."reviewerOnly" AND ($2::int IS NULL OR p."hrPartnerId" = $2)
ORDER BY p."id"`;

const SESSION_STAGES = `${STAGES}
WHERE p."id" IN (SELECT s."participantId" FROM "CalibrationSessionParticipant" s WHERE s."sessionId" = $1) AND ($2::int IS NULL OR p."hrPartnerId" = $2)
ORDER BY p."id"`;

/**
 * The people of the scope with their stages and their values of `attributes` (keyed by id as text; unset: null);
 * `columnIds`: the built-in column attributes' ids (attribute-values.server.ts columnAttributeIds).
 */
export async function readPopulation(scope: PopulationScope, attributes: readonly InsightAttribute[], columnIds: ColumnAttributeIds, reference: Date): Promise<InsightPerson[]> {
  const rows =
    scope.kind === "cycle"
      ? await sqlRows<StageRow>("insights.population.cycle", CYCLE_STAGES, [scope.cycleId, scope.hrPartnerId])
      : await sqlRows<StageRow>("insights.population.session", SESSION_STAGES, [scope.sessionId, scope.hrPartnerId]);
  return rows.map((row) => {
    const mine = attributeValuesOf(columnIds, row, row.values ?? []);
    const attributesOf: Record<string, string | null> = {};
    for (const a of attributes) attributesOf[String(a.id)] = bandValue(a.kind, mine[a.id], reference);
    const stage: PersonStage = {
      requests: row.requests,
      accepted: row.accepted,
      declined: row.declined,
      feedback: row.feedback,
      answered: row.answered,
      lengths: row.lengths ?? [],
      before: row.before,
      after: row.after,
      nominated: row.nominated,
      endorsed: row.endorsed,
      votes: row.votes,
      promotedVotes: row.promotedVotes,
      decision: row.decision,
    };
    return { id: row.id, attributes: attributesOf, stage };
  });
}
