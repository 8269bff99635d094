import { getDb } from "~/platform/db.server";
import { sqlRows } from "~/platform/sql.server";
import { assertSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { cycleNotFound } from "~/platform/api.server";
import { fromDbState } from "~/features/cycles/rules";
import { SESSION_STATES, SESSION_STATE_LABELS } from "~/features/calibration/rules";
import { stateOf } from "~/features/calibration/model.server";
import { parseStoredDecision } from "~/features/participants/rules";
import { ENDORSEMENT_STATUSES, ENDORSEMENT_STATUS_LABELS, approvalRates } from "~/features/promotions/rules";
import { countByStatus } from "~/features/promotions/model.server";
import type { DashboardJson } from "~/features/promotions/types";

type CycleCounts = {
  cycle: { id: number; name: string; state: string };
  endorsements: Array<{ status: string }>;
  sessions: Array<{ state: string; participants: Array<{ decision: string | null; terminatedAt: string | null }> }>;
  nominated: Array<{ decision: string | null; department: string | null; level: string | null; manager: { name: string; email: string } | null }>;
};

const CYCLE_SQL = `
SELECT json_build_object('id', c.id, 'name', c.name, 'state', c.state::text) AS cycle,
  (SELECT coalesce(json_agg(json_build_object('status', e.status)), '[]'::json)
     FROM "Endorsement" e JOIN "PromotionNomination" n ON n.id = e."nominationId" JOIN "Participant" p ON p.id = n."participantId"
     WHERE p."cycleId" = c.id) AS endorsements,
  (SELECT coalesce(json_agg(json_build_object('state', s.state, 'participants',
       (SELECT coalesce(json_agg(json_build_object('decision', sp.decision, 'terminatedAt', sp."terminatedAt")), '[]'::json)
          FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = s.id))), '[]'::json)
     FROM "CalibrationSession" s WHERE s."cycleId" = c.id AND s.kind = 'PROMOTION') AS sessions,
  (SELECT coalesce(json_agg(json_build_object('decision', p."promotionDecision", 'department', u.department, 'level', u.level,
       'manager', CASE WHEN m.id IS NULL THEN NULL ELSE json_build_object('name', m.name, 'email', m.email) END) ORDER BY n.id), '[]'::json)
     FROM "PromotionNomination" n JOIN "Participant" p ON p.id = n."participantId" JOIN "User" u ON u.id = p."userId"
     LEFT JOIN "User" m ON m.id = p."managerId"
     WHERE n.status = 'nominated' AND p."cycleId" = c.id) AS nominated
FROM "Cycle" c WHERE c.id = $1::int`;

/**
 * The admin promotion dashboard (/app/admin/promotion-dashboard, GET admin/promotion_dashboard): nominations
 * per cycle, and for one cycle the endorsements' completion, the sessions' progress and the approval rates
 * (promoted / decided, from the signed-off decisions) by department, level and manager. Counts only: no
 * rationale, endorsement or comment text. Two statements: the per-cycle counts, and the chosen cycle's in one.
 */
export async function getPromotionDashboard(current: CurrentUser, cycleId: number | null): Promise<DashboardJson> {
  assertSuperAdmin(current);
  const db = await getDb();
  const perCycle = await db.$queryRaw<Array<{ id: number; name: string; nominated: number; withdrawn: number; decided: number; promoted: number }>>`
    SELECT c."id", c."name",
      COUNT(n."id") FILTER (WHERE n."status" = 'nominated')::int AS "nominated",
      COUNT(n."id") FILTER (WHERE n."status" <> 'nominated')::int AS "withdrawn",
      COUNT(n."id") FILTER (WHERE n."status" = 'nominated' AND p."promotionDecision" IS NOT NULL)::int AS "decided",
      COUNT(n."id") FILTER (WHERE n."status" = 'nominated' AND p."promotionDecision" = 'PROMOTED')::int AS "promoted"
    FROM "Cycle" c
    LEFT JOIN "Participant" p ON p."cycleId" = c."id"
    LEFT JOIN "PromotionNomination" n ON n."participantId" = p."id"
    GROUP BY c."id", c."name"
    ORDER BY c."id" DESC`;
  const cycles = perCycle.map((c) => ({ ...c, nominated: Number(c.nominated), withdrawn: Number(c.withdrawn), decided: Number(c.decided), promoted: Number(c.promoted) }));
  const chosenId = cycleId ?? cycles.find((c) => c.nominated + c.withdrawn > 0)?.id ?? cycles[0]?.id ?? null;
  const empty: DashboardJson = {
    cycle: null,
    cycles,
    endorsements: ENDORSEMENT_STATUSES.map((s) => ({ status: s, label: ENDORSEMENT_STATUS_LABELS[s], count: 0 })),
    endorsement_completion: { requested: 0, completed: 0, rate: null },
    sessions: SESSION_STATES.map((s) => ({ state: s, label: SESSION_STATE_LABELS[s], count: 0, nominations: 0, decided: 0 })),
    by_department: [],
    by_level: [],
    by_manager: [],
  };
  if (chosenId == null) return empty;
  // The chosen cycle's counts in one statement (issue 27, lean reads): the cycle, its endorsement requests' statuses,
  // its promotion sessions' states with their nominations' decisions, and the nominated people's decision and groups.
  const [row] = await sqlRows<CycleCounts>("promotions.dashboard-cycle", CYCLE_SQL, [chosenId]);
  if (!row) throw cycleNotFound(chosenId);
  const { cycle, endorsements, sessions } = row;
  const nominated = row.nominated.map((n) => ({
    participant: { promotionDecision: n.decision, user: { department: n.department, level: n.level }, manager: n.manager },
  }));
  const counts = countByStatus(endorsements);
  const asked = endorsements.length - counts.cancelled;
  const bySession = SESSION_STATES.map((s) => {
    const rows = sessions.filter((x) => stateOf(x) === s);
    const live = rows.flatMap((r) => r.participants.filter((p) => !p.terminatedAt));
    return { state: s, label: SESSION_STATE_LABELS[s], count: rows.length, nominations: live.length, decided: live.filter((p) => parseStoredDecision(p.decision)).length };
  });
  const decision = (r: (typeof nominated)[number]) => r.participant.promotionDecision;
  return {
    cycle: { id: cycle.id, name: cycle.name, stage: fromDbState(cycle.state) },
    cycles,
    endorsements: ENDORSEMENT_STATUSES.map((s) => ({ status: s, label: ENDORSEMENT_STATUS_LABELS[s], count: counts[s] })),
    endorsement_completion: { requested: asked, completed: counts.endorsed, rate: asked ? Math.round((counts.endorsed / asked) * 1000) / 10 : null },
    sessions: bySession,
    by_department: approvalRates(nominated, (r) => r.participant.user.department, decision),
    by_level: approvalRates(nominated, (r) => r.participant.user.level, decision),
    by_manager: approvalRates(nominated, (r) => (r.participant.manager ? `${r.participant.manager.name} <${r.participant.manager.email}>` : null), decision),
  };
}
