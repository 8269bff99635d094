/**
 * Demo decision support (issue 15, ADRs 0032 and 0033):
 *
 *  - Inactive participants: the current cycle ("2026 Year-End Review", SPU feedback) already has some, from
 *    prisma/seed-review.ts: the protected demo users (Eli, Morgan) have saved nothing of the feedback they owe,
 *    and a few others submitted none of theirs. Nothing to add here.
 *  - Therma-scan: one succeeded UPLOAD_THERMA_SCAN job per cycle below, with its input file, and the entries it
 *    wrote: every fourth participant of the current cycle, and in the calibration cycle ("2026 Q3 Review") the
 *    participants of the rating calibration sessions but every fifth, so Harper (session admin) sees them on her
 *    session pages and Ada on the participant pages.
 *
 * Deterministic (values derived from the participant's position, no shared random stream) and written once with
 * the rest of the demo company (seedDemoData only seeds an empty database).
 */
import type { Prisma } from "~/generated/prisma/client.ts";
import { FLIGHT_RISKS, THERMA_SCAN_COLUMNS } from "~/features/decision-support/therma-scan/rules";

type Tx = Prisma.TransactionClient;

const COMMENTS = [
  "Heavy on-call load this quarter; asked for help with the rota.",
  null,
  "Settled in well after the team change.",
  null,
  "Wants a clearer path to the next level.",
  null,
  null,
];

/** Scores (1-5) spread like a real scan: mostly 3-5, a few low. */
const SCORES = [4, 3, 5, 4, 2, 4, 3, 5, 1, 4, 3, 4];

/** Scores for the n-th scanned participant; a low engagement with a middling wellbeing comes with a high flight risk. */
function scanValues(n: number) {
  const score = (k: number) => SCORES[(n * 5 + k * 7) % SCORES.length]!;
  const [engagement, wellbeing, workload] = [score(1), score(2), score(3)];
  const flightRisk = FLIGHT_RISKS[engagement <= 2 && wellbeing <= 3 ? 2 : engagement <= 2 || wellbeing <= 2 || n % 4 === 0 ? 1 : 0]!;
  return { engagement, wellbeing, workload, flightRisk, comment: COMMENTS[n % COMMENTS.length] ?? null };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? "" : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

async function seedCycleScans(tx: Tx, cycleId: number, participants: Array<{ id: number; email: string }>, uploadedBy: number, at: Date) {
  if (participants.length === 0) return 0;
  const rows = participants.map((p, n) => ({ ...p, ...scanValues(n) }));
  const csv =
    [THERMA_SCAN_COLUMNS.join(","), ...rows.map((r) => [r.email, r.engagement, r.wellbeing, r.workload, r.flightRisk, r.comment].map(csvCell).join(","))].join("\n") +
    "\n";
  const job = await tx.job.create({
    data: {
      cycleId,
      type: "UPLOAD_THERMA_SCAN",
      status: "SUCCEEDED",
      errorMode: "VALID_ONLY",
      workflowId: `seed-therma-scan-cycle-${cycleId}`,
      fileName: "therma-scan.csv",
      totalRows: rows.length,
      processedRows: rows.length,
      succeededRows: rows.length,
      message: `${rows.length} of ${rows.length} rows committed`,
      createdById: uploadedBy,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
    },
  });
  await tx.jobFile.create({ data: { jobId: job.id, kind: "input", name: "therma-scan.csv", contentType: "text/csv", content: Buffer.from(csv, "utf8") } });
  await tx.thermaScanEntry.createMany({
    data: rows.map((r) => ({
      participantId: r.id,
      jobId: job.id,
      engagement: r.engagement,
      wellbeing: r.wellbeing,
      workload: r.workload,
      flightRisk: r.flightRisk,
      comment: r.comment,
    })),
  });
  return rows.length;
}

/** Therma-scan entries for the current and the calibration cycle (found by name); returns the entries per cycle. */
export async function seedDecisionSupport(tx: Tx, input: { uploadedBy: string; now?: Date }): Promise<Record<string, number>> {
  const uploader = await tx.user.findUniqueOrThrow({ where: { email: input.uploadedBy }, select: { id: true } });
  const at = input.now ?? new Date();
  const out: Record<string, number> = {};
  const cycleOf = (name: string) => tx.cycle.findFirst({ where: { name }, select: { id: true } });
  const select = { id: true, user: { select: { email: true } } } as const;

  const current = await cycleOf("2026 Year-End Review");
  if (current) {
    const all = await tx.participant.findMany({ where: { cycleId: current.id, reviewerOnly: false }, select, orderBy: { id: "asc" } });
    const some = all.filter((_, i) => i % 4 === 0).map((p) => ({ id: p.id, email: p.user.email }));
    out[String(current.id)] = await seedCycleScans(tx, current.id, some, uploader.id, at);
  }

  const calibration = await cycleOf("2026 Q3 Review");
  if (calibration) {
    const inSessions = await tx.participant.findMany({
      where: { cycleId: calibration.id, calibrations: { some: { kind: "RATING" } } },
      select,
      orderBy: { id: "asc" },
    });
    const most = inSessions.filter((_, i) => i % 5 !== 4).map((p) => ({ id: p.id, email: p.user.email }));
    out[String(calibration.id)] = await seedCycleScans(tx, calibration.id, most, uploader.id, at);
  }
  return out;
}
