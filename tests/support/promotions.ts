/**
 * Promotions API tests (issue 14): an organisation in a new cycle whose managers nominate direct reports
 * through their own API (`POST cycles/{cycle_id}/promotion_nominations`, SPU feedback stage), the
 * promotion roles and a few outsiders. Requests go through the app's real route manifest (`call` of
 * tests/support/calibration.ts).
 *
 *   hr   HR partner of A, B, C, D; hr2 HR partner of E
 *   M    manager of A, B, C; M2 manager of D, E; both report to K (the skip-level manager of A-E)
 *   sa   session admin, pa / pb panelists, so sign-off party of the sessions the tests create
 *   e1, e2, e3  endorsers; emp an employee with no role; admin a super admin
 */
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { getTemporalClient } from "~/platform/temporal.server";
import { createCycle } from "~/features/cycles/workflow.server";
import { EndorsementStatusKey, SessionStateKey } from "../../workflows/search-attributes-contract";
import { bearerFor, createTestUser } from "./api";
import { call } from "./calibration";
import { moveCycleTo } from "./review-org";

export { call, moveCycleTo };

type Who = "admin" | "hr" | "hr2" | "M" | "M2" | "K" | "sa" | "pa" | "pb" | "so" | "e1" | "e2" | "e3" | "emp";
export type Nominee = "A" | "B" | "C" | "D" | "E";
const NOMINEES: Nominee[] = ["A", "B", "C", "D", "E"];

export type PromotionOrg = {
  cycleId: number;
  adminActor: Actor;
  users: Record<Who | Nominee, User>;
  token: Record<Who | Nominee, string>;
  /** Participant ids (the cycle's). */
  pid: Record<Nominee, number>;
  /** Nomination ids, once nominated (`nominate`). */
  nid: Partial<Record<Nominee, number>>;
};

export const RATIONALE = "Leads the platform team's largest project and mentors three engineers.";

/** The organisation in a new draft cycle (nobody nominated yet). */
export async function createPromotionOrg(label: string): Promise<PromotionOrg> {
  const db = await getDb();
  const admin = await createTestUser({ role: "SUPER_ADMIN", name: `${label} Admin` });
  const K = await createTestUser({ name: `${label} Karl SkipLevel` });
  const [M, M2] = await Promise.all(["Mia Manager", "Max Manager"].map((n) => createTestUser({ name: `${label} ${n}`, managerId: K.id })));
  const names: Array<[Exclude<Who | Nominee, "admin" | "K" | "M" | "M2">, string]> = [
    ["hr", "Hana HR"],
    ["hr2", "Hugo HR"],
    ["sa", "Sven SessionAdmin"],
    ["pa", "Pia Panelist"],
    ["pb", "Paul Panelist"],
    ["so", "Sofia SignOff"],
    ["e1", "Erik Endorser"],
    ["e2", "Ella Endorser"],
    ["e3", "Emma Endorser"],
    ["emp", "Emil Employee"],
    ["A", "Anna"],
    ["B", "Ben"],
    ["C", "Cleo"],
    ["D", "Dan"],
    ["E", "Eve"],
  ];
  const made = await Promise.all(names.map(([k, n]) => createTestUser({ name: `${label} ${n}`, managerId: k === "D" || k === "E" ? M2!.id : NOMINEES.includes(k as Nominee) ? M!.id : undefined })));
  const users = Object.fromEntries([["admin", admin], ["K", K], ["M", M!], ["M2", M2!], ...names.map(([k], i) => [k, made[i]!])]) as PromotionOrg["users"];
  const adminActor: Actor = { userId: admin.id, realUserId: admin.id, source: "api" };
  const cycle = await createCycle(adminActor, { name: `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, max_peers: 10 });
  const pid = {} as Record<Nominee, number>;
  for (const p of NOMINEES) {
    const row = await db.participant.create({
      data: { cycleId: cycle.id, userId: users[p].id, managerId: p === "D" || p === "E" ? M2!.id : M!.id, hrPartnerId: p === "E" ? users.hr2.id : users.hr.id },
    });
    pid[p] = row.id;
  }
  const whos = Object.keys(users) as Array<Who | Nominee>;
  const tokens = await Promise.all(whos.map((w) => bearerFor(users[w].id)));
  const token = Object.fromEntries(whos.map((w, i) => [w, tokens[i]!])) as PromotionOrg["token"];
  return { cycleId: cycle.id, adminActor, users, token, pid, nid: {} };
}

/** Each nominee's manager nominates them through the manager's API (the cycle in SPU or manager feedback). */
export async function nominate(org: PromotionOrg, who: Nominee[]): Promise<void> {
  const db = await getDb();
  for (const p of who) {
    const manager = p === "D" || p === "E" ? "M2" : "M";
    const res = await call("POST", `/api/v1/cycles/${org.cycleId}/promotion_nominations`, { token: org.token[manager], body: { email: org.users[p].email, rationale: `${RATIONALE} (${p})` } });
    if (res.status !== 201) throw new Error(`Nominating ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    org.nid[p] = (await db.promotionNomination.findUniqueOrThrow({ where: { participantId: org.pid[p] } })).id;
  }
}

/** The body of a session create call: these nominations, sa/pa/so as members (or others). */
export function sessionBody(org: PromotionOrg, name: string, nominees: Nominee[], members: { sa?: Who | null; pa?: Who[]; so?: Who } = {}) {
  return {
    name,
    nomination_ids: nominees.map((p) => org.nid[p]!),
    session_admin_id: members.sa === null ? null : org.users[members.sa ?? "sa"].id,
    panelist_ids: (members.pa ?? ["pa"]).map((w) => org.users[w].id),
    sign_off_ids: [org.users[members.so ?? "so"].id],
  };
}

export type Namespace = "hr_partner" | "promotion_calibration_session_panelist" | "promotion_calibration_session_sign_off_party";
export const PANELIST_NS = "promotion_calibration_session_panelist" as const;
export const SIGN_OFF_NS = "promotion_calibration_session_sign_off_party" as const;

/** cycles/{cycle_id}/{ns}/promotion_calibration_sessions[/{session_id}[/promotion_nominations/{nomination_id}]] */
export function sessionsUrl(org: PromotionOrg, ns: Namespace, sessionId?: number, nominee?: Nominee | number): string {
  let url = `/api/v1/cycles/${org.cycleId}/${ns}/promotion_calibration_sessions`;
  if (sessionId !== undefined) url += `/${sessionId}`;
  if (nominee !== undefined) url += `/promotion_nominations/${typeof nominee === "number" ? nominee : org.nid[nominee]}`;
  return url;
}
export const hrBase = (org: PromotionOrg) => `/api/v1/cycles/${org.cycleId}/hr_partner`;
export const adminBase = (org: PromotionOrg) => `/api/v1/admin/cycles/${org.cycleId}/promotion_calibration_sessions`;
export const transitionUrl = (org: PromotionOrg, sessionId: number, event?: string) =>
  `/api/v1/cycles/${org.cycleId}/promotion_calibration_sessions/${sessionId}/transition${event === undefined ? "" : `?event=${event}`}`;
export const answerUrl = (org: PromotionOrg, nominee: Nominee, endorser: User, action: "accept" | "reject" | "endorse") =>
  `/api/v1/cycles/${org.cycleId}/nominations/${org.nid[nominee]}/endorsements/${endorser.id}/${action}`;

/** The endorsement workflow's status and EndorsementStatus search attribute. */
export async function endorsementWorkflow(endorsementId: number) {
  const desc = await (await getTemporalClient()).workflow.getHandle(`endorsement-${endorsementId}`).describe();
  return { status: desc.status.name, endorsementStatus: desc.typedSearchAttributes.get(EndorsementStatusKey) };
}

/** The session workflow's status and SessionState search attribute. */
export async function sessionWorkflow(sessionId: number) {
  const desc = await (await getTemporalClient()).workflow.getHandle(`calibration-session-${sessionId}`).describe();
  return { status: desc.status.name, state: desc.typedSearchAttributes.get(SessionStateKey) };
}

export async function auditCount(action: string, entityId: number | string): Promise<number> {
  return (await getDb()).auditRecord.count({ where: { action, entityId: String(entityId) } });
}
