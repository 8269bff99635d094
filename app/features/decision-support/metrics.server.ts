import { Prisma } from "~/generated/prisma/client.ts";
import type { Db, Tx } from "~/platform/db.server";
import { fromDbReviewerType, type DbReviewerType } from "~/features/participants/rules";
import { EMPTY_TALLY, metricRecord, type FeedbackTally, type MetricType, type ParticipantCounts, type ReportPerson } from "~/features/decision-support/rules";

/**
 * The participants report's data (ADR 0032), one chunk of participants at a time (the report job, app/features/jobs/types/
 * participants-report.server.ts): who each participant is and the counts its metric needs, in four grouped queries.
 * Counts and statuses only: no answer, comment or rating is read.
 */

type Client = Db | Tx;

export const reportParticipantSelect = {
  id: true,
  userId: true,
  reviewerOnly: true,
  panelStatus: true,
  user: { select: { email: true, name: true, department: true } },
  manager: { select: { email: true } },
  secondaryManager: { select: { email: true } },
} satisfies Prisma.ParticipantSelect;
export type ReportParticipant = Prisma.ParticipantGetPayload<{ select: typeof reportParticipantSelect }>;

type TallyRow = { id: number; type: DbReviewerType; total: number | bigint; submitted: number | bigint; started: number | bigint };

function addTally(into: Map<number, ParticipantCounts["given"]>, row: TallyRow) {
  const byType = into.get(row.id) ?? {};
  const t: FeedbackTally = { total: Number(row.total), submitted: Number(row.submitted), started: Number(row.started) };
  const key = fromDbReviewerType(row.type);
  const prev = byType[key] ?? EMPTY_TALLY;
  byType[key] = { total: prev.total + t.total, submitted: prev.submitted + t.submitted, started: prev.started + t.started };
  into.set(row.id, byType);
}

/** The counts of each participant of the chunk (by participant id). */
export async function countsFor(client: Client, cycleId: number, participants: ReportParticipant[]): Promise<Map<number, ParticipantCounts>> {
  const out = new Map<number, ParticipantCounts>();
  if (participants.length === 0) return out;
  const pIds = participants.map((p) => p.id);
  const uIds = participants.map((p) => p.userId);
  const [given, received, own, asked] = await Promise.all([
    client.$queryRaw<TallyRow[]>`
      SELECT "reviewerId" AS id, "reviewerType"::text AS type, count(*) AS total,
        count(*) FILTER (WHERE status = 'SUBMITTED') AS submitted,
        count(*) FILTER (WHERE status = 'DRAFT' AND answers <> '{}'::jsonb) AS started
      FROM "Feedback" WHERE "cycleId" = ${cycleId} AND "reviewerId" IN (${Prisma.join(uIds)})
      GROUP BY 1, 2`,
    client.$queryRaw<TallyRow[]>`
      SELECT "revieweeId" AS id, "reviewerType"::text AS type, count(*) AS total,
        count(*) FILTER (WHERE status = 'SUBMITTED') AS submitted,
        count(*) FILTER (WHERE status = 'DRAFT' AND answers <> '{}'::jsonb) AS started
      FROM "Feedback" WHERE "cycleId" = ${cycleId} AND "revieweeId" IN (${Prisma.join(pIds)})
      GROUP BY 1, 2`,
    client.peerRequest.groupBy({ by: ["participantId", "status"], where: { cycleId, participantId: { in: pIds } }, _count: { _all: true } }),
    client.peerRequest.groupBy({ by: ["reviewerId", "status"], where: { cycleId, reviewerId: { in: uIds } }, _count: { _all: true } }),
  ]);
  const givenBy = new Map<number, ParticipantCounts["given"]>();
  for (const row of given) addTally(givenBy, row);
  const receivedBy = new Map<number, ParticipantCounts["received"]>();
  for (const row of received) addTally(receivedBy, row);
  const peersOf = new Map<number, ParticipantCounts["peers"]>();
  for (const r of own) {
    const peers = peersOf.get(r.participantId) ?? { requested: 0, accepted: 0, declined: 0 };
    if (r.status === "REQUESTED") peers.requested += r._count._all;
    else if (r.status === "ACCEPTED") peers.accepted += r._count._all;
    else peers.declined += r._count._all;
    peersOf.set(r.participantId, peers);
  }
  const askedOf = new Map<number, ParticipantCounts["asked"]>();
  for (const r of asked) {
    const a = askedOf.get(r.reviewerId) ?? { open: 0, answered: 0 };
    if (r.status === "REQUESTED") a.open += r._count._all;
    else a.answered += r._count._all;
    askedOf.set(r.reviewerId, a);
  }
  for (const p of participants) {
    out.set(p.id, {
      given: givenBy.get(p.userId) ?? {},
      received: receivedBy.get(p.id) ?? {},
      peers: peersOf.get(p.id) ?? { requested: 0, accepted: 0, declined: 0 },
      asked: askedOf.get(p.userId) ?? { open: 0, answered: 0 },
    });
  }
  return out;
}

export function reportPerson(p: ReportParticipant): ReportPerson {
  return {
    email: p.user.email,
    name: p.user.name,
    department: p.user.department,
    managerEmail: p.manager?.email ?? null,
    secondaryManagerEmail: p.secondaryManager?.email ?? null,
    reviewerOnly: p.reviewerOnly,
    panelStatus: p.panelStatus.toLowerCase(),
  };
}

/** The CSV records of a chunk of participants for the metric, in the chunk's order. */
export async function reportRecords(client: Client, cycleId: number, metric: MetricType, participants: ReportParticipant[]): Promise<string[][]> {
  const counts = await countsFor(client, cycleId, participants);
  return participants.map((p) => metricRecord(metric, reportPerson(p), counts.get(p.id)!));
}
