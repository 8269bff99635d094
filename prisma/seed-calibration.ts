/**
 * Demo rating calibration sessions (issue 13, ADR 0026) of the seeded cycle in the calibration stage, one
 * session in every state so that each role has something to do after sign-in:
 *
 *  - DRAFT "Design calibration": created by the HR partner (Priya), who can still edit and activate it;
 *    most of her participants are in no session yet.
 *  - ACTIVE "Engineering calibration" (Priya's): panelist proposals, comments, one rating change, a deadline ahead.
 *  - IN_REVIEW "Sales calibration": waiting for the sign-off party.
 *  - REVISION_REQUESTED "Product calibration": sent back by the sign-off party, with a session-level comment.
 *  - CLOSED "Engineering platform calibration": closed; Participant.calibratedRating holds its ratings.
 *  - IN_REVIEW "Marketing calibration" and CLOSED "Design systems calibration": twelve people each, of the
 *    department's other HR partners (the cast's HR partner keeps hers free), large enough for the fairness insights to
 *    show groups of 5: prisma/seed-insights.ts gives the first a significant gap by gender and the second none (ADR
 *    0112). The first waits for its sign-off party, who must give a reason to close it over that gap (ADR 0114).
 *
 * The same people hold the same role everywhere (session admin, sign-off party), the panelists are managers
 * of the department, and the participants are individual contributors of the session creator (their HR partner),
 * so a member is never calibrated in their own session. Proposed ratings and potentials come from the MANAGER
 * feedback (`overall_impact`, `trajectory`) exactly as the app computes them when a cycle enters calibration.
 * Pure data: the session workflows are started at boot (ensureCalibrationWorkflows).
 */
import type { Prisma } from "~/generated/prisma/client.ts";
import { DEFAULT_GUIDELINE, type Guideline, type SessionState } from "~/features/calibration/rules";
import { fillProposedRatings } from "~/features/calibration/proposed.server";

type Tx = Prisma.TransactionClient;

/** Who holds which role (emails of existing users). */
export type CalibrationCast = {
  /** The HR partner who creates the draft and the active session. */
  hrPartner: string;
  /** Session admin of every session. */
  sessionAdmin: string;
  /** Panelist of the active session (with a second manager of the department). */
  panelist: string;
  /** Sign-off party of every session. */
  signOff: string;
};

type Person = {
  participantId: number;
  userId: number;
  managerId: number | null;
  name: string;
  department: string | null;
  hrPartnerId: number | null;
  rating: number;
  potential: number;
};

/** Who writes: the session admin, the sign-off party, or panelist 0 / 1. */
type Author = "admin" | "signOff" | 0 | 1;

/**
 * A person the story of a session is about, chosen among its participants when seeding: one whose proposed
 * rating can move in `dir` (up: below 5, down: above 1), preferably a report of panelist `of`.
 */
type Slot = { dir: "up" | "down"; of?: 0 | 1 };

type Plan = {
  name: string;
  state: SessionState;
  /** Index into the HR partners (0: the cast's HR partner, then the other People Partners by id). */
  creator: number;
  department: string;
  /** Panelists: two managers of the department (the cast's panelist and one other when `castPanelist`). */
  castPanelist: boolean;
  size: number;
  /** Who is calibrated: the creator's people of the department (default), or the department's people of every HR partner but the cast's. */
  pool?: "creator" | "others";
  guideline: Guideline;
  deadlineDays: number | null;
  closedDaysAgo?: number;
  slots: Record<string, Slot>;
  /** A panelist's proposal: one point from the proposed rating in the slot's direction. */
  proposals: Array<{ by: 0 | 1; slot: string; justification: string }>;
  /** A rating change by the session admin: one point in the slot's direction, or to `to`. */
  changes: Array<{ slot: string; to?: number; reason: string }>;
  potentialChanges?: Array<{ slot: string; to: number; reason: string }>;
  /** Comments `at` hours ago, on a slot's person or (slot null) on the session. */
  comments: Array<{ at: number; by: Author; slot: string | null; body: string }>;
};

const HOUR = 3_600_000;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function daysFromNow(now: Date, days: number): Date {
  const d = new Date(now.getTime() + days * 24 * HOUR);
  d.setUTCHours(17, 0, 0, 0);
  return d;
}

/**
 * A session of twelve of the department's people of the other HR partners, submitted for sign-off `daysAgo` days ago
 * and, closed, signed off then; in review, waiting for its sign-off party.
 */
function twelve(name: string, state: "in_review" | "closed", creator: number, department: string, daysAgo: number): Plan {
  const submitted = { at: 24 * daysAgo + 8, by: "admin" as const, slot: null, body: "All ratings reviewed against the guideline; submitted for sign-off." };
  const closedDaysAgo = state === "closed" ? daysAgo : undefined;
  return { name, state, creator, department, castPanelist: false, size: 12, pool: "others", guideline: { ...DEFAULT_GUIDELINE }, deadlineDays: null, closedDaysAgo, slots: {}, proposals: [], changes: [], comments: [submitted] };
}

const PLANS: Plan[] = [
  {
    name: "Design calibration",
    state: "draft",
    creator: 0,
    department: "Design",
    castPanelist: false,
    size: 7,
    guideline: { ...DEFAULT_GUIDELINE },
    deadlineDays: 10,
    slots: {},
    proposals: [],
    changes: [],
    comments: [],
  },
  {
    name: "Engineering calibration",
    state: "active",
    creator: 0,
    department: "Engineering",
    castPanelist: true,
    size: 8,
    guideline: { ...DEFAULT_GUIDELINE },
    deadlineDays: 4,
    slots: { mentor: { dir: "up", of: 0 }, late: { dir: "down", of: 0 }, export: { dir: "up", of: 1 } },
    proposals: [
      { by: 0, slot: "mentor", justification: "Led the on-call rotation redesign and mentored two new hires; clearly above the bar for the level this cycle." },
      { by: 0, slot: "late", justification: "Missed two planned milestones on the search project; peers also point to late hand-offs." },
      { by: 1, slot: "export", justification: "Shipped the data export end to end with no incidents and took over the roadmap when the lead was away." },
    ],
    changes: [{ slot: "export", reason: "Agreed in the meeting: the data export launch and the roadmap work put this above the proposed rating (see the panel's proposal)." }],
    comments: [
      { at: 30, by: 0, slot: "mentor", body: "Strong cycle, and the peer feedback backs it up. I would like us to discuss this one in the meeting." },
      { at: 26, by: "admin", slot: "mentor", body: "Agreed; let's look at the guideline distribution first before we move anyone up." },
      { at: 20, by: 1, slot: "export", body: "Happy to walk through the launch numbers in the meeting." },
      { at: 6, by: "admin", slot: null, body: "Reminder: please add your proposals before the deadline so we can settle the remaining cases in one meeting." },
    ],
  },
  {
    name: "Sales calibration",
    state: "in_review",
    creator: 3,
    department: "Sales",
    castPanelist: false,
    size: 8,
    guideline: { 1: 5, 2: 10, 3: 50, 4: 25, 5: 10 },
    deadlineDays: 3,
    slots: { renewals: { dir: "up", of: 0 }, pipeline: { dir: "down", of: 1 } },
    proposals: [
      { by: 0, slot: "renewals", justification: "Closed the two largest renewals of the region and coached the new account executives." },
      { by: 1, slot: "pipeline", justification: "Pipeline coverage was below target for three months in a row." },
    ],
    changes: [
      { slot: "renewals", reason: "Agreed with the panel: the renewals and the coaching put this clearly above the proposed rating." },
      { slot: "pipeline", reason: "Agreed with the panel after reviewing the pipeline data together." },
    ],
    potentialChanges: [{ slot: "renewals", to: 3, reason: "Ready for a team lead role next cycle, per both panelists." }],
    comments: [
      { at: 50, by: 0, slot: "renewals", body: "Two renewals over 1M this half; the strongest cycle on the team." },
      { at: 30, by: "admin", slot: null, body: "All ratings agreed in the meeting; submitted for sign-off." },
    ],
  },
  {
    name: "Product calibration",
    state: "revision_requested",
    creator: 1,
    department: "Product",
    castPanelist: false,
    size: 6,
    guideline: { ...DEFAULT_GUIDELINE },
    deadlineDays: 5,
    slots: { pricing: { dir: "up", of: 0 }, squads: { dir: "up", of: 1 } },
    proposals: [
      { by: 0, slot: "pricing", justification: "Owned the pricing experiment from research to rollout; the results changed the roadmap." },
      { by: 1, slot: "squads", justification: "Took on a second squad mid-cycle without any drop in delivery." },
    ],
    changes: [
      { slot: "pricing", to: 5, reason: "Raised to Outstanding in the meeting, following the panel's proposal." },
      { slot: "squads", to: 5, reason: "Raised to Outstanding in the meeting, following the panel's proposal." },
    ],
    comments: [
      { at: 70, by: 0, slot: "pricing", body: "The pricing work is the clearest impact in the group this cycle." },
      { at: 48, by: "admin", slot: null, body: "Submitted for sign-off after the meeting." },
    ],
  },
  {
    name: "Engineering platform calibration",
    state: "closed",
    creator: 2,
    department: "Engineering",
    castPanelist: false,
    size: 7,
    guideline: { ...DEFAULT_GUIDELINE },
    deadlineDays: null,
    closedDaysAgo: 2,
    slots: { incidents: { dir: "down", of: 0 } },
    proposals: [{ by: 0, slot: "incidents", justification: "Several incidents this cycle traced back to skipped reviews; below the bar for the level." }],
    changes: [{ slot: "incidents", reason: "Agreed with the panel after reviewing the incident reports." }],
    comments: [{ at: 60, by: 0, slot: "incidents", body: "I have shared the incident timeline with the panel." }],
  },
  // Last, so the sessions above keep their people. Twelve each, for the fairness insights (prisma/seed-insights.ts).
  twelve("Marketing calibration", "in_review", 1, "Marketing", 3),
  twelve("Design systems calibration", "closed", 2, "Design", 4),
];

/** The participant index of each slot (distinct people; a slot nobody fits is left out). */
function castSlots(slots: Plan["slots"], people: Person[], panelists: number[]): Map<string, number> {
  const out = new Map<string, number>();
  const used = new Set<number>();
  for (const [key, slot] of Object.entries(slots)) {
    const fits = (i: number) => !used.has(i) && (slot.dir === "up" ? people[i]!.rating < 5 : people[i]!.rating > 1);
    const indexes = people.map((_, i) => i);
    const mine = slot.of === undefined ? [] : indexes.filter((i) => people[i]!.managerId === panelists[slot.of!]);
    const i = [...mine, ...indexes].find(fits);
    if (i === undefined) continue;
    used.add(i);
    out.set(key, i);
  }
  return out;
}

/** Fill every rated participant's proposed rating and potential: from the manager feedback, else deterministic values. */
async function proposeRatings(tx: Tx, cycleId: number): Promise<void> {
  await fillProposedRatings(tx, cycleId, null);
  const missing = await tx.participant.findMany({
    where: { cycleId, reviewerOnly: false, OR: [{ proposedRating: null }, { proposedPotential: null }] },
    select: { id: true, proposedRating: true, proposedPotential: true },
  });
  for (const p of missing) {
    await tx.participant.update({
      where: { id: p.id },
      data: { proposedRating: p.proposedRating ?? [3, 4, 3, 2, 4, 3, 5][p.id % 7]!, proposedPotential: p.proposedPotential ?? [2, 1, 2, 3, 2][p.id % 5]! },
    });
  }
}

/** Seed the proposals and the sessions of the cycle in calibration. Returns the ids of the sessions by state (the first of each). */
export async function seedCalibrationSessions(tx: Tx, input: { cycleId: number; cast: CalibrationCast; now?: Date }): Promise<Record<SessionState, number>> {
  const { cycleId, cast } = input;
  const now = input.now ?? new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  await proposeRatings(tx, cycleId);

  const users = await tx.user.findMany({ where: { email: { in: Object.values(cast) } }, select: { id: true, email: true } });
  const uid = (email: string) => {
    const u = users.find((x) => x.email === email);
    if (!u) throw new Error(`Calibration seed: no user ${email}`);
    return u.id;
  };
  const others = await tx.user.findMany({ where: { role: "PEOPLE_PARTNER", email: { not: cast.hrPartner } }, orderBy: { id: "asc" }, select: { id: true } });
  const partners = [uid(cast.hrPartner), ...others.map((u) => u.id)];
  const adminId = uid(cast.sessionAdmin);
  const signOffId = uid(cast.signOff);
  const castPanelistId = uid(cast.panelist);

  const rows = await tx.participant.findMany({
    where: { cycleId },
    orderBy: { userId: "asc" },
    select: {
      id: true,
      userId: true,
      managerId: true,
      hrPartnerId: true,
      reviewerOnly: true,
      proposedRating: true,
      proposedPotential: true,
      user: { select: { name: true, department: true, jobTitle: true } },
    },
  });
  const managerIds = new Set(rows.map((r) => r.managerId).filter((x): x is number => x != null));
  // The calibrated: individual contributors (managers sit on the panels).
  const ics: Person[] = rows
    .filter((r) => !r.reviewerOnly && !managerIds.has(r.userId))
    .map((r) => ({
      participantId: r.id,
      userId: r.userId,
      managerId: r.managerId,
      name: r.user.name,
      department: r.user.department,
      hrPartnerId: r.hrPartnerId,
      rating: r.proposedRating ?? 3,
      potential: r.proposedPotential ?? 2,
    }));
  const departmentManagers = (department: string) =>
    rows.filter((r) => managerIds.has(r.userId) && r.user.jobTitle === `${department} Manager` && r.userId !== castPanelistId).map((r) => r.userId);

  const ids = {} as Record<SessionState, number>;
  const taken = new Set<number>();
  for (const plan of PLANS) {
    const creatorId = partners[plan.creator % partners.length]!;
    const managers = departmentManagers(plan.department);
    const panelists = plan.castPanelist ? [castPanelistId, ...managers.slice(0, 1)] : managers.slice(0, 2);
    const inPool = (p: Person) => (plan.pool === "others" ? p.hrPartnerId !== partners[0] : p.hrPartnerId === creatorId);
    const people = ics.filter((p) => inPool(p) && p.department === plan.department && !taken.has(p.participantId)).slice(0, plan.size);
    if (people.length === 0 || panelists.length < 2) throw new Error(`Calibration seed: nobody to calibrate in "${plan.name}"`);
    people.forEach((p) => taken.add(p.participantId));
    const slot = castSlots(plan.slots, people, panelists);
    const step = (key: string) => (plan.slots[key]!.dir === "up" ? 1 : -1);
    const authorId = (by: Author) => (by === "admin" ? adminId : by === "signOff" ? signOffId : panelists[by]!);

    // The session's ratings start at the proposed ones; the admin's changes move them.
    const rating = people.map((p) => p.rating);
    const potential = people.map((p) => p.potential);
    const changeRows: Array<{ index: number; field: string; oldValue: number; newValue: number; reason: string; createdAt: Date }> = [];
    plan.changes.forEach((c, k) => {
      const i = slot.get(c.slot);
      if (i === undefined) return;
      const old = rating[i]!;
      const value = clamp(c.to ?? old + step(c.slot), 1, 5);
      if (value === old) return;
      rating[i] = value;
      changeRows.push({ index: i, field: "rating", oldValue: old, newValue: value, reason: c.reason, createdAt: ago(12 - k) });
    });
    for (const c of plan.potentialChanges ?? []) {
      const i = slot.get(c.slot);
      if (i === undefined || potential[i] === c.to) continue;
      changeRows.push({ index: i, field: "potential", oldValue: potential[i]!, newValue: c.to, reason: c.reason, createdAt: ago(11) });
      potential[i] = c.to;
    }

    const closedAt = plan.state === "closed" ? ago(24 * (plan.closedDaysAgo ?? 1)) : null;
    const session = await tx.calibrationSession.create({
      data: {
        cycleId,
        kind: "RATING",
        name: plan.name,
        state: plan.state,
        createdById: creatorId,
        guideline: plan.guideline,
        deadline: plan.deadlineDays == null ? null : daysFromNow(now, plan.deadlineDays),
        version: 0,
        closedAt,
        createdAt: ago(24 * 7),
        members: {
          create: [
            { userId: adminId, role: "ADMIN" },
            ...panelists.map((userId) => ({ userId, role: "PANELIST" as const })),
            { userId: signOffId, role: "SIGN_OFF" },
          ],
        },
      },
    });
    ids[plan.state] ??= session.id;
    await tx.calibrationSessionParticipant.createMany({
      data: people.map((p, i) => ({ sessionId: session.id, participantId: p.participantId, kind: "RATING" as const, rating: rating[i]!, potential: potential[i]! })),
    });
    const spIds = await tx.calibrationSessionParticipant.findMany({ where: { sessionId: session.id }, select: { id: true, participantId: true } });
    const sp = new Map(spIds.map((r) => [r.participantId, r.id]));
    const spOf = (i: number) => sp.get(people[i]!.participantId)!;

    if (changeRows.length) {
      await tx.calibrationRatingChange.createMany({
        data: changeRows.map(({ index, ...c }) => ({ ...c, sessionId: session.id, sessionParticipantId: spOf(index), changedById: adminId })),
      });
    }
    const proposals = plan.proposals.flatMap((p, k) => {
      const i = slot.get(p.slot);
      if (i === undefined) return [];
      const value = clamp(people[i]!.rating + step(p.slot), 1, 5);
      return [{ sessionId: session.id, sessionParticipantId: spOf(i), panelistId: panelists[p.by]!, rating: value, justification: p.justification, createdAt: ago(40 - k) }];
    });
    if (proposals.length) await tx.calibrationProposal.createMany({ data: proposals });

    const comments: Prisma.CalibrationCommentCreateManyInput[] = plan.comments.flatMap((c) => {
      const i = c.slot === null ? null : slot.get(c.slot);
      if (i === undefined) return [];
      return [{ sessionId: session.id, sessionParticipantId: i === null ? null : spOf(i), authorId: authorId(c.by), body: c.body, createdAt: ago(c.at) }];
    });
    if (plan.state === "revision_requested") {
      // The sign-off party's reason for sending it back, as the workflow writes it (worker/activities/calibration.ts).
      const fives = people.filter((_, i) => rating[i] === 5).map((p) => p.name);
      const share = Math.round((fives.length * 100) / people.length);
      const body = fives.length
        ? `${fives.length} of ${people.length} people at 'Outstanding' (${share}%) is well above the ${plan.guideline[5]}% guideline. Please revisit ${fives.join(", ")} with concrete evidence, or bring the ratings in line, and send the session back for sign-off.`
        : "The ratings need concrete evidence for every change from the proposed rating; please add it and send the session back for sign-off.";
      comments.push({ sessionId: session.id, sessionParticipantId: null, authorId: signOffId, body: `Revision requested: ${body}`, createdAt: ago(20) });
    }
    if (closedAt) {
      comments.push({ sessionId: session.id, sessionParticipantId: null, authorId: signOffId, body: "Closed: thank you all; the ratings are signed off as calibrated.", createdAt: closedAt });
      // The outcome, as closing writes it: each participant's calibrated rating is the session's rating.
      for (const [i, p] of people.entries()) await tx.participant.update({ where: { id: p.participantId }, data: { calibratedRating: String(rating[i]) } });
    }
    if (comments.length) await tx.calibrationComment.createMany({ data: comments });
  }
  return ids;
}
