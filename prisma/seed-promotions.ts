/**
 * Demo promotions (issue 14, ADR 0028) of the seeded cycle in the calibration stage, so that each promotion role
 * has work after sign-in. The cycle asks the nominee's skip-level manager too (`endorsementRule`), with 14 days
 * to answer. Every nominee is an individual contributor whose HR partner is the cast's HR partner, nominated by
 * their manager with a rationale:
 *
 *  - DRAFT "Design promotions": the HR partner (Priya) can edit and activate it; its cycle-rule requests are open.
 *  - ACTIVE "Engineering promotions": the session admin (Harper) runs it; the cast's panelist (Morgan) and another
 *    manager vote and comment; two nominations are decided (one with a changed decision), two wait; endorsements in
 *    every status, the cast's endorser (Eli) has one request to answer and one accepted to write; one expired.
 *  - IN_REVIEW "Product promotions": every nomination decided, waiting for the sign-off party (Carmen).
 *  - CLOSED "Sales and Marketing promotions": signed off; its decisions are the participants' promotion decisions
 *    (the dashboard's approval rates), one request cancelled by the close.
 *  - Two nominations in no session yet (Priya can build one from them) and one withdrawn.
 *
 * Rows and audit records are written as the app writes them. Pure data: the workflows of the open sessions and
 * the open endorsement requests are started at boot (ensureCalibrationWorkflows, ensureEndorsementWorkflows),
 * which also tells the endorsers of the open requests.
 */
import type { Prisma } from "~/generated/prisma/client.ts";
import type { SessionState, SessionTransition } from "~/features/calibration/rules";
import { PROMOTION_DECISION_LABELS, type EndorsementOutcome, type EndorsementStatus, type PromotionDecision } from "~/features/promotions/rules";
import { endorsementAudit, promotionSessionAudit, promotionSessionInclude } from "~/features/promotions/model.server";

type Tx = Prisma.TransactionClient;

/** Who holds which role (emails of existing users). */
export type PromotionCast = {
  /** Creates every session and runs those without a session admin. */
  hrPartner: string;
  /** Session admin of the active session. */
  sessionAdmin: string;
  /** Panelist of the active session. */
  panelist: string;
  /** Sign-off party of every session. */
  signOff: string;
  /** A colleague of the active session's nominees, asked to endorse two of them. */
  endorser: string;
};

const DAY = 24 * 3_600_000;
const ENDORSEMENT_DAYS = 14;
/** Notification.kind of the endorsement workflow's messages (worker/activities/endorsements.ts). */
const NOTIFICATION_KIND = "endorsement_request";

/**
 * skip: the nominee's skip-level manager, asked by the cycle's rule when the session was created (due 14 days later);
 * cast: the cast's endorser; manager: another manager of the department (both asked by whoever runs the session).
 */
type EPlan = {
  who: "skip" | "cast" | "manager";
  status: EndorsementStatus;
  /** Not skip: asked this many days ago, due in `due` days (negative: past). */
  asked?: number;
  due?: number;
  outcome?: EndorsementOutcome;
  body?: string;
  reason?: string;
};
type NPlan = { endorsements: EPlan[]; votes?: Array<PromotionDecision | null>; decisions?: Array<{ to: PromotionDecision; reason: string }>; comments?: Array<{ by: "admin" | 0 | 1; body: string }> };
type Plan = { name: string; state: SessionState; department: string; created: number; castAdmin: boolean; castPanelist: boolean; deadline: number | null; prefer?: string; nominations: NPlan[] };

const E = {
  yes: (body: string): EPlan => ({ who: "skip", status: "endorsed", outcome: "endorsed", body }),
  no: (body: string): EPlan => ({ who: "skip", status: "endorsed", outcome: "not_endorsed", body }),
};

const PLANS: Plan[] = [
  { name: "Design promotions", state: "draft", department: "Design", created: 2, castAdmin: false, castPanelist: false, deadline: 12, nominations: [{ endorsements: [{ who: "skip", status: "requested" }] }, { endorsements: [{ who: "skip", status: "requested" }] }] },
  {
    name: "Engineering promotions",
    state: "active",
    department: "Engineering",
    created: 9,
    castAdmin: true,
    castPanelist: true,
    deadline: 5,
    prefer: "panelist",
    nominations: [
      {
        endorsements: [E.yes("Has carried the platform migration for two quarters and is the person the team turns to for design reviews."), { who: "cast", status: "requested", asked: 1, due: 4 }],
        votes: ["PROMOTED", "PROMOTED"],
        decisions: [
          { to: "DEFERRED", reason: "Waiting for the skip-level endorsement before deciding." },
          { to: "PROMOTED", reason: "Endorsed by the VP and both panelists vote to promote: operating at the next level." },
        ],
        comments: [
          { by: 0, body: "The migration write-up is the best evidence here; worth reading before the meeting." },
          { by: "admin", body: "Decided after the endorsement came in; thanks both." },
        ],
      },
      {
        endorsements: [{ who: "skip", status: "rejected", reason: "I have not worked closely enough with them this cycle to judge." }, { who: "cast", status: "accepted", asked: 3, due: 3 }],
        votes: ["DEFERRED", "PROMOTED"],
        decisions: [{ to: "DEFERRED", reason: "Strong trajectory, but the scope at the next level is not shown yet; revisit next cycle." }],
        comments: [{ by: 1, body: "I would promote now: the on-call redesign was next-level scope." }],
      },
      {
        endorsements: [{ who: "skip", status: "accepted" }, { who: "manager", status: "expired", asked: 8, due: -1 }],
        votes: ["NOT_PROMOTED", null],
      },
      { endorsements: [{ who: "skip", status: "requested" }] },
    ],
  },
  {
    name: "Product promotions",
    state: "in_review",
    department: "Product",
    created: 12,
    castAdmin: false,
    castPanelist: false,
    deadline: 3,
    nominations: [
      { endorsements: [E.yes("Owned the pricing experiment end to end; the results changed our roadmap.")], votes: ["PROMOTED", "PROMOTED"], decisions: [{ to: "PROMOTED", reason: "Unanimous panel, endorsed by the VP." }] },
      {
        endorsements: [E.no("A good year, but the scope is still that of the current level."), { who: "manager", status: "rejected", asked: 10, due: 2, reason: "Too far from my area to endorse." }],
        votes: ["NOT_PROMOTED", "DEFERRED"],
        decisions: [{ to: "NOT_PROMOTED", reason: "Not yet at the next level's scope; the manager will set a growth plan." }],
      },
      { endorsements: [E.yes("Took on a second squad mid-cycle without any drop in delivery.")], votes: ["PROMOTED", "PROMOTED"], decisions: [{ to: "PROMOTED", reason: "Both panelists and the VP agree." }] },
    ],
  },
  {
    name: "Sales and Marketing promotions",
    state: "closed",
    department: "Sales,Marketing",
    created: 20,
    castAdmin: false,
    castPanelist: false,
    deadline: null,
    nominations: [
      { endorsements: [E.yes("Closed the two largest renewals of the region and coaches the new account executives.")], votes: ["PROMOTED", "PROMOTED"], decisions: [{ to: "PROMOTED", reason: "Clear next-level impact." }] },
      { endorsements: [E.yes("Consistently above quota and trusted by the largest accounts.")], votes: ["PROMOTED", "DEFERRED"], decisions: [{ to: "PROMOTED", reason: "The numbers and the endorsement make the case." }] },
      { endorsements: [{ who: "skip", status: "expired" }], votes: ["NOT_PROMOTED", "NOT_PROMOTED"], decisions: [{ to: "NOT_PROMOTED", reason: "Pipeline coverage below target for most of the cycle." }] },
      { endorsements: [E.yes("Led the brand refresh across every channel.")], votes: ["PROMOTED", "PROMOTED"], decisions: [{ to: "PROMOTED", reason: "Unanimous panel." }] },
      {
        endorsements: [E.no("Promising, but one more cycle at this level would help."), { who: "manager", status: "cancelled", asked: 5, due: 2 }],
        votes: ["DEFERRED", "DEFERRED"],
        decisions: [{ to: "DEFERRED", reason: "Ready soon; revisit next cycle." }],
      },
      { endorsements: [E.no("Good results, but not yet leading work beyond the team.")], votes: ["NOT_PROMOTED", "PROMOTED"], decisions: [{ to: "NOT_PROMOTED", reason: "The panel agreed the scope is not there yet." }] },
    ],
  },
];

const RATIONALES = [
  "Consistently operates at the next level: leads the team's largest project end to end and mentors two engineers.",
  "Took ownership of a critical system nobody owned and made it reliable; peers go to them for design advice.",
  "Delivered every commitment this cycle and widened their scope to a second team without being asked.",
  "Drives decisions across teams, writes the plans others follow and grows the people around them.",
  "Has been doing the next level's job for two cycles: sets direction for the area and delivers on it.",
];

const CLOSE_REASON = "The promotion calibration session closed";
const TRANSITIONS: Record<SessionState, SessionTransition[]> = {
  draft: [],
  active: ["activate"],
  in_review: ["activate", "progress_to_review"],
  revision_requested: ["activate", "progress_to_review", "progress_to_revision_requested"],
  closed: ["activate", "progress_to_review", "progress_to_close"],
};
const TO: Record<SessionTransition, SessionState> = { activate: "active", progress_to_review: "in_review", progress_to_close: "closed", progress_to_revision_requested: "revision_requested", close: "closed" };

type Audit = { action: string; entityType: string; entityId: number; before?: unknown; after?: unknown };
const json = (v: unknown) => (v === undefined || v === null ? undefined : (JSON.parse(JSON.stringify(v)) as Prisma.InputJsonValue));

/** An audit record as recordAudit writes it, at `at`; source page (a person) or workflow (actorId null). */
async function audit(tx: Tx, actorId: number | null, at: Date, a: Audit): Promise<void> {
  await tx.auditRecord.create({
    data: { actorId, realActorId: actorId, source: actorId ? "page" : "workflow", action: a.action, entityType: a.entityType, entityId: String(a.entityId), before: json(a.before), after: json(a.after), createdAt: at },
  });
}

export async function seedPromotions(tx: Tx, input: { cycleId: number; cast: PromotionCast; now?: Date }): Promise<Record<string, number>> {
  const { cycleId, cast } = input;
  const now = input.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await tx.cycle.update({ where: { id: cycleId }, data: { endorsementRule: "skip_level_manager", endorsementDays: ENDORSEMENT_DAYS } });
  const cycle = await tx.cycle.findUniqueOrThrow({ where: { id: cycleId }, select: { name: true } });

  const users = await tx.user.findMany({ select: { id: true, email: true, name: true, jobTitle: true, department: true, managerId: true } });
  const byEmail = (email: string) => {
    const u = users.find((x) => x.email === email);
    if (!u) throw new Error(`Promotion seed: no user ${email}`);
    return u;
  };
  const userOf = (id: number) => users.find((u) => u.id === id)!;
  const priya = byEmail(cast.hrPartner).id;
  const harper = byEmail(cast.sessionAdmin).id;
  const morgan = byEmail(cast.panelist).id;
  const carmen = byEmail(cast.signOff).id;
  const eli = byEmail(cast.endorser);
  const managersOf = (dept: string) => users.filter((u) => u.jobTitle === `${dept} Manager`).sort((a, b) => a.id - b.id);

  const participants = await tx.participant.findMany({ where: { cycleId }, orderBy: { userId: "asc" }, select: { id: true, userId: true, managerId: true, hrPartnerId: true, reviewerOnly: true, user: { select: { email: true, name: true, jobTitle: true, department: true } } } });
  const managerIds = new Set(participants.map((p) => p.managerId));
  const reserved = new Set([priya, harper, morgan, carmen, eli.id]);
  // The nominees: Priya's individual contributors, seniors first (the levels differ), the panelist's reports first where asked.
  const pool = participants.filter((p) => p.hrPartnerId === priya && !p.reviewerOnly && !managerIds.has(p.userId) && !reserved.has(p.userId));
  const taken = new Set<number>();
  const pick = (dept: string, n: number, preferManager?: number) => {
    const senior = (p: (typeof pool)[number]) => (p.user.jobTitle?.startsWith("Senior") ? 0 : 1);
    const mine = (p: (typeof pool)[number]) => (preferManager && p.managerId === preferManager ? 0 : 1);
    const out = pool.filter((p) => p.user.department === dept && !taken.has(p.id)).sort((a, b) => mine(a) - mine(b) || senior(a) - senior(b) || a.userId - b.userId).slice(0, n);
    out.forEach((p) => taken.add(p.id));
    return out;
  };

  let rationale = 0;
  /** A nomination by the nominee's manager, as the manager's page writes it. */
  async function nominate(p: (typeof pool)[number], status: "nominated" | "withdrawn" = "nominated") {
    const at = ago(25 - (rationale % 4));
    const text = RATIONALES[rationale++ % RATIONALES.length]!;
    const row = await tx.promotionNomination.create({ data: { participantId: p.id, status: "nominated", nominatedById: p.managerId, rationale: text, createdAt: at } });
    const shape = { participant_email: p.user.email, status: "nominated", rationale: text, nominated_by: p.managerId ? userOf(p.managerId).email : null };
    await audit(tx, p.managerId, at, { action: "promotion_nomination.nominate", entityType: "PromotionNomination", entityId: row.id, after: shape });
    if (status === "withdrawn") {
      await tx.promotionNomination.update({ where: { id: row.id }, data: { status } });
      await audit(tx, p.managerId, ago(18), { action: "promotion_nomination.withdraw", entityType: "PromotionNomination", entityId: row.id, before: shape, after: { ...shape, status } });
    }
    return row;
  }

  /** An in-app notification as the endorsement workflow's activity delivers it, with its audit record. */
  async function notice(e: { id: number; deadline: Date }, kind: "requested" | "expired", userId: number, message: { title: string; body: string; link: string }, at: Date, read: boolean) {
    const n = await tx.notification.create({
      data: { userId, kind: NOTIFICATION_KIND, ...message, dedupeKey: `endorsement:${e.id}:${e.deadline.toISOString()}:${kind}:${userId}`, createdAt: at, readAt: read ? at : null },
    });
    await audit(tx, null, at, { action: `endorsement.notify_${kind}`, entityType: "Notification", entityId: n.id, after: { endorsement_id: e.id, kind, user_id: userId } });
  }

  const ids: Record<string, number> = {};
  for (const plan of PLANS) {
    const depts = plan.department.split(",");
    const panelists = plan.castPanelist ? [morgan, managersOf(depts[0]!).find((m) => m.id !== morgan)!.id] : depts.length > 1 ? depts.map((d) => managersOf(d)[0]!.id) : managersOf(depts[0]!).slice(0, 2).map((m) => m.id);
    const perDept = Math.ceil(plan.nominations.length / depts.length);
    const nominees = depts.flatMap((d) => pick(d, perDept, plan.prefer === "panelist" ? morgan : undefined)).slice(0, plan.nominations.length);
    if (nominees.length < plan.nominations.length) throw new Error(`Promotion seed: not enough nominees for "${plan.name}"`);
    const runner = plan.castAdmin ? harper : priya;
    const created = ago(plan.created);

    const nominations = [];
    for (const p of nominees) nominations.push(await nominate(p));
    const session = await tx.calibrationSession.create({
      data: {
        cycleId,
        kind: "PROMOTION",
        name: plan.name,
        state: "draft",
        createdById: priya,
        deadline: plan.deadline == null ? null : new Date(now.getTime() + plan.deadline * DAY),
        createdAt: created,
        members: { create: [...(plan.castAdmin ? [{ userId: harper, role: "ADMIN" as const }] : []), ...panelists.map((userId) => ({ userId, role: "PANELIST" as const })), { userId: carmen, role: "SIGN_OFF" as const }] },
        participants: { create: nominees.map((p) => ({ participantId: p.id, kind: "PROMOTION" as const })) },
      },
      include: promotionSessionInclude,
    });
    ids[plan.state] = session.id;
    await audit(tx, priya, created, { action: "promotion_session.create", entityType: "CalibrationSession", entityId: session.id, after: promotionSessionAudit(session) });
    const sps = await tx.calibrationSessionParticipant.findMany({ where: { sessionId: session.id }, select: { id: true, participantId: true } });
    const spOf = (i: number) => sps.find((s) => s.participantId === nominees[i]!.id)!.id;

    // The transitions up to the planned state, each with its audit record (and a comment where the app writes one).
    // Activated a day after it was created; sent to review a day ago (closed: 6 days ago, closed 3 days ago).
    const steps = TRANSITIONS[plan.state];
    const closedAt = plan.state === "closed" ? ago(3) : null;
    const stepAt = (t: SessionTransition) => (t === "activate" ? ago(plan.created - 1) : t === "progress_to_review" ? ago(closedAt ? 6 : 1) : ago(3));
    const closeTime = closedAt ?? now;

    for (const [i, np] of plan.nominations.entries()) {
      const p = nominees[i]!;
      const nominee = p.user.name;
      const skip = p.managerId ? userOf(p.managerId).managerId : null;
      const otherManager = managersOf(p.user.department!).find((m) => m.id !== p.managerId && !panelists.includes(m.id))?.id ?? null;
      for (const e of np.endorsements) {
        const endorserId = e.who === "skip" ? skip : e.who === "cast" ? eli.id : otherManager;
        if (!endorserId) continue;
        const cycleRule = e.who === "skip";
        const askedAt = cycleRule ? created : ago(e.asked!);
        const deadline = cycleRule ? new Date(created.getTime() + ENDORSEMENT_DAYS * DAY) : new Date(now.getTime() + e.due! * DAY);
        const endedAt = e.status === "expired" ? deadline : e.status === "cancelled" ? closeTime : new Date(Math.min(askedAt.getTime() + 2 * DAY, now.getTime() - DAY / 2));
        const row = await tx.endorsement.create({
          data: { nominationId: nominations[i]!.id, endorserId, status: "requested", sessionId: session.id, source: cycleRule ? "cycle_rule" : "session_admin", deadline, createdAt: askedAt },
        });
        await audit(tx, cycleRule ? priya : runner, askedAt, { action: "endorsement.request", entityType: "Endorsement", entityId: row.id, after: { ...endorsementAudit(row), session_id: session.id, source: row.source } });
        const endorser = userOf(endorserId);
        const link = `/app/promotions/endorsements/${row.id}/endorse`;
        const requested = { title: `Endorsement requested: ${nominee}`, body: `You are asked to endorse ${nominee}'s promotion nomination (${cycle.name}). Please answer by ${deadline.toISOString().slice(0, 16).replace("T", " ")} UTC.`, link };
        // Open requests: their workflow tells the endorser at boot. Ended ones were told when asked.
        if (e.status !== "requested" && e.status !== "accepted") await notice({ id: row.id, deadline }, "requested", endorserId, requested, askedAt, true);
        let before = row;
        const step = async (event: string, data: Prisma.EndorsementUpdateInput, actorId: number | null, at: Date, extra: Record<string, unknown> = {}) => {
          const after = await tx.endorsement.update({ where: { id: row.id }, data });
          await audit(tx, actorId, at, { action: `endorsement.${event}`, entityType: "Endorsement", entityId: row.id, before: endorsementAudit(before), after: { ...endorsementAudit(after), ...extra } });
          before = after;
        };
        if (e.status === "accepted" || e.status === "endorsed") await step("accept", { status: "accepted", respondedAt: endedAt }, endorserId, endedAt);
        if (e.status === "endorsed") {
          const at = new Date(endedAt.getTime() + 3_600_000);
          await step("endorse", { status: "endorsed", endorsedAt: at, body: e.body ?? null, outcome: e.outcome ?? "endorsed" }, endorserId, at);
        }
        if (e.status === "rejected") await step("reject", { status: "rejected", respondedAt: endedAt, rejectReason: e.reason ?? null }, endorserId, endedAt);
        if (e.status === "cancelled") await step("cancel", { status: "cancelled" }, carmen, endedAt, { reason: CLOSE_REASON });
        if (e.status === "expired") {
          await step("expire", { status: "expired" }, null, endedAt);
          const admins = plan.castAdmin ? [harper] : [priya];
          for (const a of admins) {
            await notice({ id: row.id, deadline }, "expired", a, {
              title: `Endorsement request expired: ${endorser.name} for ${nominee}`,
              body: `${endorser.name} did not answer the endorsement request for ${nominee} (${cycle.name}) by its deadline.`,
              link: `/app/promotions/hr-partners/sessions/${session.id}?cycle_id=${cycleId}`,
            }, endedAt, plan.state === "closed");
          }
        }
      }

      // Votes (each panelist's latest), the decision history of whoever runs the session, comments.
      const voteAt = ago(Math.max(1, plan.created - 3));
      for (const [k, vote] of (np.votes ?? []).entries()) {
        if (!vote) continue;
        await tx.promotionVote.create({ data: { sessionId: session.id, sessionParticipantId: spOf(i), panelistId: panelists[k]!, vote, createdAt: voteAt, updatedAt: voteAt } });
        await audit(tx, panelists[k]!, voteAt, { action: "promotion_session.vote", entityType: "CalibrationSessionParticipant", entityId: spOf(i), after: { session_id: session.id, nominee: p.user.email, vote, note: null } });
      }
      let decision: string | null = null;
      for (const [k, d] of (np.decisions ?? []).entries()) {
        const at = ago(Math.max(1, plan.created - 4 - k * 2) - 0.5);
        await tx.calibrationRatingChange.create({ data: { sessionId: session.id, sessionParticipantId: spOf(i), field: "decision", oldText: decision, newText: d.to, reason: d.reason, changedById: runner, createdAt: at } });
        await audit(tx, runner, at, { action: "promotion_session.decision", entityType: "CalibrationSessionParticipant", entityId: spOf(i), before: { session_id: session.id, nominee: p.user.email, decision }, after: { session_id: session.id, nominee: p.user.email, decision: d.to, decision_label: PROMOTION_DECISION_LABELS[d.to], reason: d.reason } });
        decision = d.to;
      }
      if (decision) await tx.calibrationSessionParticipant.update({ where: { id: spOf(i) }, data: { decision } });
      for (const [k, c] of (np.comments ?? []).entries()) {
        const at = ago(Math.max(1, plan.created - 5) - k * 0.2);
        const authorId = c.by === "admin" ? runner : panelists[c.by]!;
        const row = await tx.calibrationComment.create({ data: { sessionId: session.id, sessionParticipantId: spOf(i), authorId, body: c.body, createdAt: at } });
        await audit(tx, authorId, at, { action: "calibration_session.comment", entityType: "CalibrationSession", entityId: session.id, after: { comment_id: row.id, participant: p.user.email, body: c.body } });
      }
    }

    for (const [k, t] of steps.entries()) {
      const at = stepAt(t);
      const actor = t === "progress_to_close" ? carmen : t === "activate" ? priya : runner;
      const comment = t === "progress_to_review" ? "Every nomination is decided; please sign off." : t === "progress_to_close" ? "Signed off as decided." : null;
      const from = k === 0 ? "draft" : TO[steps[k - 1]!];
      await tx.calibrationSession.update({ where: { id: session.id }, data: { state: TO[t], ...(TO[t] === "closed" ? { closedAt: at } : {}) } });
      if (comment) await tx.calibrationComment.create({ data: { sessionId: session.id, authorId: actor, body: `${t === "progress_to_close" ? "Closed" : "Note"}: ${comment}`, createdAt: at } });
      await audit(tx, actor, at, { action: "calibration_session.transition", entityType: "CalibrationSession", entityId: session.id, before: { state: from }, after: { state: TO[t], transition: t, comment } });
    }
    if (closedAt) {
      // The outcome, as the close writes it: the session's decisions become the participants' promotion decisions.
      const decided = await tx.calibrationSessionParticipant.findMany({ where: { sessionId: session.id }, select: { decision: true, participant: { select: { id: true, promotionDecision: true, user: { select: { email: true } } } } } });
      for (const r of decided) {
        if (!r.decision) continue;
        await tx.participant.update({ where: { id: r.participant.id }, data: { promotionDecision: r.decision } });
        await audit(tx, carmen, closedAt, {
          action: "participant.promotion_decision",
          entityType: "Participant",
          entityId: r.participant.id,
          before: { cycle_id: cycleId, email: r.participant.user.email, promotion_decision: r.participant.promotionDecision },
          after: { cycle_id: cycleId, email: r.participant.user.email, promotion_decision: r.decision, promotion_calibration_session_id: session.id },
        });
      }
    }
  }

  // Nominations in no session yet (Priya can build a session from them), and one withdrawn by its manager.
  for (const p of pick("Marketing", 2)) await nominate(p);
  for (const p of pick("Sales", 1)) await nominate(p, "withdrawn");
  return ids;
}
