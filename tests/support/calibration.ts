/**
 * Calibration API tests (issue 13): an organisation in a new cycle with an HR partner's people, the
 * session members and a few outsiders, and `call()`, which sends a request through the app's real route
 * manifest (Remix's flat routes and the router's matching, as the server resolves a URL) to the matched
 * route module's loader (GET) or action (other methods).
 *
 *   hr   HR partner of A, B, C, D and of R (reviewer-only); hr2 HR partner of E
 *   M    manager of A-E (writes their manager feedback)
 *   sa   session admin, pa panelist, so sign-off party of the sessions the tests create
 *   pb   panelist of another session; emp an employee with no role
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import { getDb } from "~/platform/db.server";
import type { User } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit.server";
import { createCycle } from "~/features/cycles/workflow.server";
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import { bearerFor, callRoute, createTestUser } from "./api";

const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

type ManifestRoute = { id: string; file: string; path?: string; index?: boolean; parentId?: string };
let routeTree: RouteObject[] | null = null;

/** The app's routes as the Remix Vite plugin builds them (vite.config.ts: flat routes, test files ignored). */
export function appRoutes(): Record<string, ManifestRoute> {
  return flatRoutes(APP_DIR, ["**/*.test.*"]) as Record<string, ManifestRoute>;
}

function tree(): RouteObject[] {
  if (routeTree) return routeTree;
  const routes = Object.values(appRoutes());
  const children = (parentId: string): RouteObject[] =>
    routes
      .filter((r) => (r.parentId ?? "root") === parentId)
      .map((r) => (r.index ? { id: r.id, path: r.path, index: true as const } : { id: r.id, path: r.path, children: children(r.id) }));
  routeTree = [{ id: "root", path: "", children: children("root") }];
  return routeTree;
}

/** The route file (relative to app/) a URL path resolves to, and its params; null when none. */
export function resolveRoute(urlPath: string): { file: string; params: Record<string, string> } | null {
  const matches = matchRoutes(tree(), urlPath);
  const leaf = matches?.[matches.length - 1];
  if (!leaf || leaf.route.id === "root") return null;
  const file = appRoutes()[leaf.route.id!]!.file;
  return { file, params: Object.fromEntries(Object.entries(leaf.params).map(([k, v]) => [k, v ?? ""])) };
}

/** Call the API like a client: method, URL path (with its query), bearer token, JSON body. */
export async function call(method: string, url: string, opts: { token?: string; body?: unknown; rawBody?: string } = {}) {
  const pathname = url.split("?")[0]!;
  const route = resolveRoute(pathname);
  if (!route) throw new Error(`No route for ${pathname}`);
  const mod = (await import(/* @vite-ignore */ pathToFileURL(path.join(APP_DIR, route.file)).href)) as { loader?: unknown; action?: unknown };
  const handler = method === "GET" ? mod.loader : mod.action;
  if (!handler) throw new Error(`${route.file} has no ${method === "GET" ? "loader" : "action"}`);
  return callRoute(handler as never, { method, path: url, params: route.params, token: opts.token, body: opts.body, rawBody: opts.rawBody });
}

type Who = "admin" | "hr" | "hr2" | "M" | "sa" | "pa" | "pb" | "so" | "emp";
type Person = "A" | "B" | "C" | "D" | "E" | "R";

export type CalibrationOrg = {
  cycleId: number;
  adminActor: Actor;
  users: Record<Who | Person, User>;
  token: Record<Who, string>;
  /** Participant ids (the cycle's). */
  pid: Record<Person, number>;
};

export async function createCalibrationOrg(label: string): Promise<CalibrationOrg> {
  const db = await getDb();
  const admin = await createTestUser({ role: "SUPER_ADMIN", name: `${label} Admin` });
  const names: Array<[Exclude<Who | Person, "admin">, string]> = [
    ["hr", "Hana HR"],
    ["hr2", "Hugo HR"],
    ["M", "Mia Manager"],
    ["sa", "Sven SessionAdmin"],
    ["pa", "Pia Panelist"],
    ["pb", "Paul Panelist"],
    ["so", "Sofia SignOff"],
    ["emp", "Emil Employee"],
    ["A", "Anna"],
    ["B", "Ben"],
    ["C", "Cleo"],
    ["D", "Dan"],
    ["E", "Eve"],
    ["R", "Rolf ReviewerOnly"],
  ];
  const made = await Promise.all(names.map(([, n]) => createTestUser({ name: `${label} ${n}` })));
  const users = Object.fromEntries([["admin", admin], ...names.map(([k], i) => [k, made[i]!])]) as CalibrationOrg["users"];
  const adminActor: Actor = { userId: admin.id, realUserId: admin.id, source: "api" };
  const cycle = await createCycle(adminActor, { name: `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, max_peers: 10 });
  const pid = {} as Record<Person, number>;
  for (const p of ["A", "B", "C", "D", "E", "R"] as const) {
    const row = await db.participant.create({
      data: { cycleId: cycle.id, userId: users[p].id, managerId: users.M.id, hrPartnerId: p === "E" ? users.hr2.id : users.hr.id, reviewerOnly: p === "R" },
    });
    pid[p] = row.id;
  }
  const whos: Who[] = ["admin", "hr", "hr2", "M", "sa", "pa", "pb", "so", "emp"];
  const tokens = await Promise.all(whos.map((w) => bearerFor(users[w].id)));
  const token = Object.fromEntries(whos.map((w, i) => [w, tokens[i]!])) as Record<Who, string>;
  return { cycleId: cycle.id, adminActor, users, token, pid };
}

/** The body of a session create call: these participants, sa/pa/so as members (or others). */
export function sessionBody(org: CalibrationOrg, name: string, participants: Person[], members: { sa?: Who; pa?: Who[]; so?: Who } = {}) {
  return {
    name,
    participant_ids: participants.map((p) => org.pid[p]),
    session_admin_id: org.users[members.sa ?? "sa"].id,
    panelist_ids: (members.pa ?? ["pa"]).map((w) => org.users[w].id),
    sign_off_ids: [org.users[members.so ?? "so"].id],
    guideline: { ...DEFAULT_GUIDELINE },
  };
}

/** The manager's MANAGER feedback of a participant, submitted with these answers (in the manager feedback stage). */
export async function submitManagerFeedback(org: CalibrationOrg, person: Person, answers: Record<string, number | string>): Promise<void> {
  const db = await getDb();
  const res = await db.feedback.updateMany({
    where: { cycleId: org.cycleId, revieweeId: org.pid[person], reviewerId: org.users.M.id, reviewerType: "MANAGER" },
    data: { answers, status: "SUBMITTED", submittedAt: new Date() },
  });
  if (res.count !== 1) throw new Error(`No MANAGER feedback row of ${person} to submit`);
}

export const hrBase = (org: CalibrationOrg) => `/api/v1/cycles/${org.cycleId}/hr_partner`;
export const adminBase = (org: CalibrationOrg) => `/api/v1/admin/cycles/${org.cycleId}/calibration_sessions`;
export const roleBase = (org: CalibrationOrg, ns: "calibration_session_admin" | "calibration_session_panelist" | "calibration_session_sign_off_party", sessionId?: number) =>
  `/api/v1/cycles/${org.cycleId}/${ns}/calibration_sessions${sessionId === undefined ? "" : `/${sessionId}`}`;
