/**
 * The world of the authorization matrix (tests/integration/authorization-matrix.test.ts, ADR 0042): one cycle in
 * calibration with a user for every role and relationship of app/platform/security/route-policy.ts, all of them
 * related to participant A, and "someone else's" objects (participant X, their sessions, nomination, endorsement,
 * peer request, feedback, notification, token) that none of the callers is related to.
 *
 *   employee  A: a participant (reviewed by mgr, sec; HR partner hr), requested as peer reviewer of Z
 *   manager / secondaryManager / hrPartner   of A (hr also created S1 and PS1)
 *   sessionAdmin, panelist, signOff          of rating session S1 (A in it)
 *   endorser                                 endorser of A's nomination (in promotion session PS1)
 *   promotionSessionAdmin / Panelist / SignOff   of PS1
 *   hrOps, superAdmin; spoofing = superAdmin viewing manager
 *   X, mgrX, hrX, S2, PS2, enX, PX: someone else's (nobody above relates to them)
 */
import { randomUUID } from "node:crypto";
import type { User } from "~/generated/prisma/client.ts";
import { getDb } from "~/platform/db.server";
import { API_TOKEN_TTL_MS, hashToken, newTokenValue } from "~/platform/auth.server";
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import type { Relationship } from "~/platform/security/route-policy-types";
import { createTestUser } from "./api";
import { sessionCookieFor } from "./session";

export const ROLES = [
  "anonymous",
  "employee",
  "manager",
  "secondaryManager",
  "hrPartner",
  "sessionAdmin",
  "panelist",
  "signOff",
  "endorser",
  "promotionSessionAdmin",
  "promotionPanelist",
  "promotionSignOff",
  "hrOps",
  "superAdmin",
  "spoofing",
] as const;
export type RoleName = (typeof ROLES)[number];

/** The relationships each caller holds towards the "own" objects (A, S1, PS1, A's nomination and endorsement). */
export const RELATIONS: Record<RoleName, Relationship[]> = {
  anonymous: [],
  employee: ["self"],
  manager: ["managerOf"],
  secondaryManager: ["secondaryManagerOf"],
  hrPartner: ["hrPartnerOf"],
  sessionAdmin: ["sessionAdminOf"],
  panelist: ["panelistOf"],
  signOff: ["signOffOf"],
  endorser: ["endorserOf"],
  promotionSessionAdmin: ["promotionSessionAdminOf"],
  promotionPanelist: ["promotionPanelistOf"],
  promotionSignOff: ["promotionSignOffOf"],
  hrOps: [],
  superAdmin: [],
  // Acts as the manager (ADR 0010).
  spoofing: ["managerOf"],
};

/** The values a route's dynamic segments take: the caller's own objects or someone else's. */
export type Binding = {
  cycle: number;
  email: string;
  participantId: number;
  sessionParticipantId: number;
  promotionSessionParticipantId: number;
  session: number;
  promotionSession: number;
  nomination: number;
  endorsement: number;
  endorserId: number;
  reviewerEmail: string;
  peerEmail: string;
  peerRequest: number;
  realtimeFeedback: number;
  notification: number;
  userId: number;
};

export type Caller = { role: RoleName; user: User | null; token: string | null; cookie: string | null; spareToken: number | null };

export type World = {
  cycleId: number;
  callers: Record<RoleName, Caller>;
  admin: User;
  /** Someone else's objects. */
  other: Binding;
  /** The caller's own objects (those its relationships are about). */
  own: (role: RoleName) => Binding;
  jobId: number;
  scheduleId: number;
  otherTokenId: number;
};

async function tokenFor(userId: number, realUserId?: number): Promise<{ token: string; id: number }> {
  const db = await getDb();
  const token = newTokenValue();
  const row = await db.apiToken.create({
    data: { userId, realUserId, tokenHash: hashToken(token), provider: realUserId ? "spoof" : "test", expiresAt: new Date(Date.now() + API_TOKEN_TTL_MS) },
  });
  return { token, id: row.id };
}

export async function createAuthzWorld(): Promise<World> {
  const db = await getDb();
  const tag = randomUUID().slice(0, 6);
  const mk = (name: string, role?: "SUPER_ADMIN" | "HR_OPS" | "PEOPLE_PARTNER", managerId?: number) => createTestUser({ name: `Matrix ${name}`, role, managerId });
  const admin = await mk("Admin", "SUPER_ADMIN");
  const [manager, mgrX, hrOps, hr, hrX] = await Promise.all([mk("Manager"), mk("Other Manager"), mk("Ops", "HR_OPS"), mk("HR", "PEOPLE_PARTNER"), mk("Other HR", "PEOPLE_PARTNER")]);
  const names = ["Secondary", "SessionAdmin", "Panelist", "SignOff", "Endorser", "PromoAdmin", "PromoPanelist", "PromoSignOff", "Peer", "Zed", "OtherSA", "OtherPanelist", "OtherSignOff", "OtherEndorser", "OtherPeer"];
  const made = await Promise.all(names.map((n) => mk(n)));
  const u = Object.fromEntries(names.map((n, i) => [n, made[i]!])) as Record<string, User>;
  const A = await mk("Employee", undefined, manager!.id);
  const X = await mk("Someone Else", undefined, mgrX!.id);

  const cycle = await db.cycle.create({ data: { name: `Matrix ${tag}`, state: "CALIBRATION", workflowId: `matrix-cycle-${tag}`, startDate: new Date() } });
  const part = (user: User, extra: { managerId?: number; secondaryManagerId?: number; hrPartnerId?: number } = {}) => db.participant.create({ data: { cycleId: cycle.id, userId: user.id, ...extra } });
  const pA = await part(A, { managerId: manager!.id, secondaryManagerId: u.Secondary!.id, hrPartnerId: hr!.id });
  const pX = await part(X, { managerId: mgrX!.id, hrPartnerId: hrX!.id });
  const pZ = await part(u.Zed!, { managerId: mgrX!.id, hrPartnerId: hrX!.id });
  await Promise.all([manager!, u.Secondary!, mgrX!].map((m) => part(m)));

  // Feedback about A and X; peer requests: P reviews A, PX reviews X, A is asked to review Z, PX to review X (pending).
  await db.feedback.createMany({
    data: [
      { cycleId: cycle.id, revieweeId: pA.id, reviewerId: manager!.id, reviewerType: "MANAGER", status: "SUBMITTED", submittedAt: new Date(), answers: {} },
      { cycleId: cycle.id, revieweeId: pA.id, reviewerId: A.id, reviewerType: "SELF", answers: {} },
      { cycleId: cycle.id, revieweeId: pA.id, reviewerId: u.Peer!.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date(), answers: {} },
      { cycleId: cycle.id, revieweeId: pX.id, reviewerId: mgrX!.id, reviewerType: "MANAGER", status: "SUBMITTED", submittedAt: new Date(), answers: {} },
      { cycleId: cycle.id, revieweeId: pX.id, reviewerId: X.id, reviewerType: "SELF", answers: {} },
      { cycleId: cycle.id, revieweeId: pX.id, reviewerId: u.OtherPeer!.id, reviewerType: "PEER", status: "SUBMITTED", submittedAt: new Date(), answers: {} },
    ],
  });
  await db.peerRequest.createMany({
    data: [
      { cycleId: cycle.id, participantId: pA.id, reviewerId: u.Peer!.id, status: "ACCEPTED", requestedById: A.id, respondedAt: new Date() },
      { cycleId: cycle.id, participantId: pX.id, reviewerId: u.OtherPeer!.id, status: "ACCEPTED", requestedById: X.id, respondedAt: new Date() },
    ],
  });
  const askA = await db.peerRequest.create({ data: { cycleId: cycle.id, participantId: pZ.id, reviewerId: A.id, status: "REQUESTED", requestedById: u.Zed!.id } });
  const askX = await db.peerRequest.create({ data: { cycleId: cycle.id, participantId: pZ.id, reviewerId: X.id, status: "REQUESTED", requestedById: u.Zed!.id } });

  // Rating sessions S1 (A; hr's, members sa/pa/so) and S2 (X; hrX's, other members).
  const session = async (kind: "RATING" | "PROMOTION", name: string, createdById: number, participantId: number, members: Array<[number, "ADMIN" | "PANELIST" | "SIGN_OFF"]>) => {
    const s = await db.calibrationSession.create({
      data: {
        cycleId: cycle.id,
        name: `${name} ${tag}`,
        kind,
        state: "in_progress",
        createdById,
        guideline: kind === "RATING" ? { ...DEFAULT_GUIDELINE } : {},
        members: { create: members.map(([userId, role]) => ({ userId, role })) },
      },
    });
    const sp = await db.calibrationSessionParticipant.create({ data: { sessionId: s.id, participantId, kind } });
    return { id: s.id, spId: sp.id };
  };
  const S1 = await session("RATING", "S1", hr!.id, pA.id, [[u.SessionAdmin!.id, "ADMIN"], [u.Panelist!.id, "PANELIST"], [u.SignOff!.id, "SIGN_OFF"]]);
  const S2 = await session("RATING", "S2", hrX!.id, pX.id, [[u.OtherSA!.id, "ADMIN"], [u.OtherPanelist!.id, "PANELIST"], [u.OtherSignOff!.id, "SIGN_OFF"]]);
  const PS1 = await session("PROMOTION", "PS1", hr!.id, pA.id, [[u.PromoAdmin!.id, "ADMIN"], [u.PromoPanelist!.id, "PANELIST"], [u.PromoSignOff!.id, "SIGN_OFF"]]);
  const PS2 = await session("PROMOTION", "PS2", hrX!.id, pX.id, [[u.OtherSA!.id, "ADMIN"], [u.OtherPanelist!.id, "PANELIST"], [u.OtherSignOff!.id, "SIGN_OFF"]]);

  // Nominations of A (by manager) and X (by mgrX), each with one endorsement request in its promotion session.
  const nA = await db.promotionNomination.create({ data: { participantId: pA.id, nominatedById: manager!.id, rationale: "Matrix nomination A" } });
  const nX = await db.promotionNomination.create({ data: { participantId: pX.id, nominatedById: mgrX!.id, rationale: "Matrix nomination X" } });
  const deadline = new Date(Date.now() + 7 * 86_400_000);
  const eA = await db.endorsement.create({ data: { nominationId: nA.id, endorserId: u.Endorser!.id, sessionId: PS1.id, deadline } });
  const eX = await db.endorsement.create({ data: { nominationId: nX.id, endorserId: u.OtherEndorser!.id, sessionId: PS2.id, deadline } });

  // Anytime feedback and notifications for A and X.
  const rA = await db.realtimeFeedback.create({ data: { reviewerId: u.Zed!.id, revieweeId: A.id, body: "Matrix: thanks A" } });
  const rX = await db.realtimeFeedback.create({ data: { reviewerId: u.OtherPeer!.id, revieweeId: X.id, body: "Matrix: thanks X" } });
  const note = (userId: number, k: string) => db.notification.create({ data: { userId, kind: "matrix", title: "Matrix", body: "Matrix", dedupeKey: `matrix-${tag}-${k}` } });
  const [noteA, noteX] = await Promise.all([note(A.id, "A"), note(X.id, "X")]);

  // An admin job and a nudge schedule of the cycle.
  const job = await db.job.create({ data: { cycleId: cycle.id, type: "DOWNLOAD_PARTICIPANTS", status: "SUCCEEDED", workflowId: `matrix-job-${tag}`, createdById: admin.id } });
  const schedule = await db.nudgeSchedule.create({ data: { cycleId: cycle.id, scheduleId: `matrix-schedule-${tag}`, kind: "ONCE", runAt: deadline, createdById: admin.id } });
  const otherToken = await tokenFor(X.id);

  const people: Record<Exclude<RoleName, "anonymous" | "spoofing">, User> = {
    employee: A,
    manager: manager!,
    secondaryManager: u.Secondary!,
    hrPartner: hr!,
    sessionAdmin: u.SessionAdmin!,
    panelist: u.Panelist!,
    signOff: u.SignOff!,
    endorser: u.Endorser!,
    promotionSessionAdmin: u.PromoAdmin!,
    promotionPanelist: u.PromoPanelist!,
    promotionSignOff: u.PromoSignOff!,
    hrOps: hrOps!,
    superAdmin: admin,
  };
  const callers = { anonymous: { role: "anonymous", user: null, token: null, cookie: null, spareToken: null } } as Record<RoleName, Caller>;
  for (const [role, user] of Object.entries(people) as Array<[RoleName, User]>) {
    const [main, spare, cookie] = await Promise.all([tokenFor(user.id), tokenFor(user.id), sessionCookieFor(user.id)]);
    callers[role] = { role, user, token: main.token, cookie, spareToken: spare.id };
  }
  const spoofMain = await tokenFor(manager!.id, admin.id);
  const spoofSpare = await tokenFor(manager!.id, admin.id);
  callers.spoofing = { role: "spoofing", user: manager!, token: spoofMain.token, cookie: await sessionCookieFor(manager!.id, admin.id), spareToken: spoofSpare.id };

  const other: Binding = {
    cycle: cycle.id,
    email: X.email,
    participantId: pX.id,
    sessionParticipantId: S2.spId,
    promotionSessionParticipantId: PS2.spId,
    session: S2.id,
    promotionSession: PS2.id,
    nomination: nX.id,
    endorsement: eX.id,
    endorserId: u.OtherEndorser!.id,
    reviewerEmail: u.OtherPeer!.email,
    peerEmail: u.OtherPeer!.email,
    peerRequest: askX.id,
    realtimeFeedback: rX.id,
    notification: noteX.id,
    userId: X.id,
  };
  const mine: Binding = {
    cycle: cycle.id,
    email: A.email,
    participantId: pA.id,
    sessionParticipantId: S1.spId,
    promotionSessionParticipantId: PS1.spId,
    session: S1.id,
    promotionSession: PS1.id,
    nomination: nA.id,
    endorsement: eA.id,
    endorserId: u.Endorser!.id,
    reviewerEmail: u.Peer!.email,
    peerEmail: u.Peer!.email,
    peerRequest: askA.id,
    realtimeFeedback: rA.id,
    notification: noteA.id,
    userId: A.id,
  };
  return { cycleId: cycle.id, callers, admin, other, own: (role) => ({ ...mine, userId: callers[role].user?.id ?? A.id }), jobId: job.id, scheduleId: schedule.id, otherTokenId: otherToken.id };
}

/** The caller with new credentials (a new token and page session), for calls that end the ones they are sent with. */
export async function freshCaller(world: World, role: RoleName): Promise<Caller> {
  const old = world.callers[role];
  if (!old.user) return old;
  const realUserId = role === "spoofing" ? world.admin.id : undefined;
  const [main, cookie] = await Promise.all([tokenFor(old.user.id, realUserId), sessionCookieFor(old.user.id, realUserId)]);
  return { ...old, token: main.token, cookie };
}
