import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expect, hydrated, open } from "./fixtures";
import { CAST, PAGE_CATALOGUE, resolvePageIds, type PageEntry, type PageIds, type Role } from "./page-catalogue";
import { signInThroughLoginPage } from "./sign-in-any-language";

/**
 * What the two every-page walks share (every-page-pseudo.spec.ts, every-page-static.spec.ts): one browser context per
 * demo person (one sign-in each), the ids of the catalogue resolved once, and the PENDING rule: a page that does not
 * pass yet is listed with its reason, and the walk asserts that it STILL fails (so the list shrinks as pages are fixed).
 */

export type Person = Exclude<Role, "anonymous">;

/** The people behind the roles, each signed in once (Eli is employee and endorser, Morgan manager and panelist). */
export function personOf(role: Role): string {
  return role === "anonymous" ? "anonymous" : CAST[role].email;
}

export type Walk = {
  ids: PageIds;
  /** The context signed in as a role's person (or the anonymous one). */
  context: (role: Role) => BrowserContext;
  close: () => Promise<void>;
};

/**
 * Sign in each demo person in a context of their own (`locale`: the walk's language), and resolve the catalogue's
 * ids through their APIs (one job of each kind is started on a fresh cycle: `label`).
 */
export async function startWalk(browser: Browser, locale: string, label: string): Promise<Walk> {
  const contexts = new Map<string, BrowserContext>();
  const newContext = () => browser.newContext({ locale, viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
  contexts.set("anonymous", await newContext());
  for (const who of new Set(Object.values(CAST).map((p) => p.email))) {
    const context = await newContext();
    const page = await context.newPage();
    await signInThroughLoginPage(page, Object.values(CAST).find((p) => p.email === who)!);
    await page.close();
    contexts.set(who, context);
  }
  const context = (role: Role) => contexts.get(personOf(role))!;
  const ids = await resolvePageIds((role) => context(role).request, label);
  return { ids, context, close: async () => Promise.all([...contexts.values()].map((c) => c.close())).then(() => undefined) };
}

/** The catalogue's pages grouped by person, in catalogue order. */
export function pagesByPerson(): Array<{ person: string; entries: PageEntry[] }> {
  const groups = new Map<string, PageEntry[]>();
  for (const entry of PAGE_CATALOGUE) {
    const key = personOf(entry.role);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups].map(([person, entries]) => ({ person, entries }));
}

/**
 * The verdicts of a walk against its PENDING list: a page not pending must have no problem; a pending page must still
 * have one (remove it from the list once it passes). Returns the failures as readable lines.
 */
export function judge(results: Array<{ route: string; problems: string[] }>, pending: Record<string, string>): string[] {
  const failures: string[] = [];
  for (const { route, problems } of results) {
    if (pending[route] !== undefined) {
      if (problems.length === 0) failures.push(`${route}: passes now — remove it from PENDING (${pending[route]})`);
    } else {
      for (const p of problems) failures.push(`${route}: ${p}`);
    }
  }
  return failures;
}

/** Open a page as its role and wait for hydration; the answer's status must be the entry's. */
export async function visit(page: Page, entry: PageEntry, ids: PageIds): Promise<string[]> {
  const path = entry.path(ids);
  const response = await open(page, path);
  // A browser follows a redirect: such an answer counts as the redirect's (302), the page it leads to is walked on its own.
  const status = response?.request().redirectedFrom() ? 302 : (response?.status() ?? 0);
  if (status !== (entry.status ?? 200)) return [`${path} answered ${status}, not ${entry.status ?? 200}`];
  await hydrated(page);
  return [];
}

/**
 * Data of the demo company that pages show as it is: names, emails, titles, departments, places, cycle and session
 * names, questionnaire texts, and what the walk's jobs stored (their result, file and row errors).
 */
export async function demoData(admin: APIRequestContext, ids: PageIds): Promise<string[]> {
  const out = new Set<string>();
  const csv = await (await admin.get("/api/v1/admin/users/directory.csv")).text();
  const rows = csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter(Boolean)
    .map(splitCsvLine);
  const header = rows[0] ?? [];
  const keep = header.map((h, i) => (["name", "email", "job_title", "department", "location", "level", "manager_email", "secondary_manager_email", "hr_partner_email"].includes(h) ? i : -1)).filter((i) => i >= 0);
  for (const row of rows.slice(1)) for (const i of keep) if (row[i]) out.add(row[i]!);
  const { cycles } = (await (await admin.get("/api/v1/admin/cycles")).json()) as { cycles: Array<{ name: string }> };
  for (const c of cycles) out.add(c.name);
  for (const kind of ["calibration_sessions", "promotion_calibration_sessions"]) {
    const body = (await (await admin.get(`/api/v1/admin/cycles/${ids.cycles.calibration}/${kind}`)).json()) as Record<string, Array<{ name: string }>>;
    for (const s of body[kind] ?? []) out.add(s.name);
  }
  for (const cycle of [ids.cycles.midYear, ids.cycles.yearEnd, ids.cycles.q4, ids.cycles.calibration, ids.cycles.jobs]) {
    const res = await admin.get(`/api/v1/admin/cycles/${cycle}/questions`);
    if (res.ok()) collectTexts(await res.json(), out);
  }
  for (const text of ids.jobData) out.add(text);
  return [...out].filter((s) => s.trim().length > 1);
}

/** A questionnaire's texts: labels, help, choices and the scale's labels (questionnaire texts are data). */
function collectTexts(value: unknown, out: Set<string>) {
  if (Array.isArray(value)) for (const v of value) collectTexts(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string") {
        if (["label", "help"].includes(k)) out.add(v);
      } else if (k === "options" && Array.isArray(v)) {
        for (const o of v) if (typeof o === "string") out.add(o);
      } else if (k === "labels" && v && typeof v === "object") {
        for (const l of Object.values(v)) if (typeof l === "string") out.add(l);
      } else collectTexts(v, out);
    }
  }
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

export { expect };
