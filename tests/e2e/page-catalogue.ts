/**
 * Every page of the app (issues 27 and 28): each GET page route (a file of app/routes with a default export) with a
 * URL that reaches it on the demo company and the demo role that may see it (app/platform/security/route-policy.ts).
 * tests/e2e/every-page-pseudo.spec.ts walks each in the pseudo-language en-XA (no untranslated text, no overflow, no
 * clipped table cell at 1440 and 375 px) and tests/e2e/every-page-static.spec.ts reads each page's server HTML (no
 * emotion style); tests/unit/page-catalogue.test.ts fails when a page route has no entry here, so a new page cannot
 * escape the walk.
 *
 * No id is written here: the URLs are built from `PageIds`, looked up at run time through the API (resolvePageIds)
 * from the demo seed's names (prisma/seed*.ts: its cycles, sessions and people), plus one job of each kind that the
 * walk starts on a cycle of its own (a job page needs a job).
 *
 * Data only besides `resolvePageIds`: no import of Playwright's runtime (the unit test reads the catalogue).
 */
import type { APIRequestContext } from "@playwright/test";

/** The demo roles that reach the pages (one demo person each; some people hold two roles). */
export type Role = "anonymous" | "employee" | "endorser" | "manager" | "panelist" | "hrPartner" | "sessionAdmin" | "signOff" | "superAdmin";

export type Person = { email: string; name: string };

/** Who plays each role (prisma/seed.ts, seed-calibration.ts, seed-promotions.ts). */
export const CAST: Record<Exclude<Role, "anonymous">, Person> = {
  employee: { email: "eli.employee@example.com", name: "Eli Employee" },
  endorser: { email: "eli.employee@example.com", name: "Eli Employee" },
  manager: { email: "morgan.manager@example.com", name: "Morgan Manager" },
  panelist: { email: "morgan.manager@example.com", name: "Morgan Manager" },
  hrPartner: { email: "priya.partner@example.com", name: "Priya Partner" },
  sessionAdmin: { email: "harper.ops@example.com", name: "Harper Ops" },
  signOff: { email: "carmen.chief@example.com", name: "Carmen Chief" },
  superAdmin: { email: "ada.admin@example.com", name: "Ada Admin" },
};

/** The ids the URLs need, resolved at run time (resolvePageIds). */
export type PageIds = {
  cycles: { midYear: number; yearEnd: number; q4: number; calibration: number; jobs: number };
  /** Eli's first 360 feedback to give in the year-end cycle: the reviewee's email. */
  feedbackReviewee: string;
  /** A reviewer who submitted feedback about Eli in the mid-year cycle (Morgan reads it). */
  eliReviewer: string;
  /** Someone Morgan is secondary manager of in the mid-year cycle. */
  secondaryReport: string;
  eliUserId: number;
  calibration: { draft: number; active: number; inReview: number; participantOfActive: number };
  promotion: { draft: number; active: number; inReview: number };
  endorsement: { toWrite: number; any: number };
  jobs: Record<JobKind, number>;
  /** What those jobs wrote as their result and row errors, their files' names and row errors' columns: data on their pages. */
  jobData: string[];
};

/** The job pages and the jobs the walk starts for them. */
export type JobKind =
  | "uploadParticipants"
  | "upsertParticipants"
  | "populateParticipants"
  | "downloadParticipants"
  | "bulkPdf"
  | "downloadNominations"
  | "uploadQuestionnaire"
  | "thermaScan"
  | "decisionReport"
  | "nudge"
  | "directoryImport"
  | "export"
  | "erasure"
  | "insightsExport";

export type PageEntry = {
  /** The route's id (app/routes file name without its extension). */
  route: string;
  role: Role;
  path: (ids: PageIds) => string;
  /** The answer's status (200 unless a not-found page; 302 for a page that sends this role on to another page). */
  status?: number;
};

const e = encodeURIComponent;
const admin = (ids: PageIds, c: keyof PageIds["cycles"], rest = "") => `/app/admin/cycles/${ids.cycles[c]}${rest}`;

/** Layout routes: no page of their own, walked through every page under them. */
export const LAYOUT_ROUTES = ["app", "app.admin"];

export const PAGE_CATALOGUE: PageEntry[] = [
  // ── Anyone ──
  { route: "$", role: "anonymous", path: () => "/no-such-page", status: 404 },
  { route: "app.login", role: "anonymous", path: () => "/app/login" },

  // ── The employee (Eli), also the endorser ──
  { route: "app.$", role: "employee", path: () => "/app/no-such-page", status: 404 },
  { route: "app.home", role: "employee", path: (i) => `/app/home?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.anytime-feedback", role: "employee", path: () => "/app/anytime-feedback" },
  { route: "app.api-tokens", role: "employee", path: () => "/app/api-tokens" },
  { route: "app.preferences", role: "employee", path: () => "/app/preferences" },
  { route: "app.guides.general-guideline", role: "employee", path: () => "/app/guides/general-guideline" },
  { route: "app.performance-dashboard", role: "employee", path: () => "/app/performance-dashboard" },
  { route: "app.performance.prep", role: "employee", path: (i) => `/app/performance/prep?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.performance.peer-finalization", role: "employee", path: (i) => `/app/performance/peer-finalization?cycle_id=${i.cycles.q4}` },
  { route: "app.performance.spu-feedback._index", role: "employee", path: (i) => `/app/performance/spu-feedback?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.performance.spu-feedback.feedback.$email._index", role: "employee", path: (i) => `/app/performance/spu-feedback/feedback/${e(i.feedbackReviewee)}?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.performance.spu-feedback.feedback.$email.view", role: "employee", path: (i) => `/app/performance/spu-feedback/feedback/${e(i.feedbackReviewee)}/view?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.performance.final-assessment._index", role: "employee", path: (i) => `/app/performance/final-assessment?cycle_id=${i.cycles.midYear}` },
  { route: "app.performance.final-assessment.summary", role: "employee", path: (i) => `/app/performance/final-assessment/summary?cycle_id=${i.cycles.midYear}` },
  { route: "app.promotions.endorsements._index", role: "endorser", path: (i) => `/app/promotions/endorsements?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.endorsements.$endorsementId.endorse", role: "endorser", path: (i) => `/app/promotions/endorsements/${i.endorsement.toWrite}/endorse?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.endorsements.$endorsementId.view", role: "endorser", path: (i) => `/app/promotions/endorsements/${i.endorsement.any}/view?cycle_id=${i.cycles.calibration}` },

  // ── The manager (Morgan), also a panelist ──
  { route: "app.my-reportees._index", role: "manager", path: (i) => `/app/my-reportees?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.my-reportees.feedbacks", role: "manager", path: (i) => `/app/my-reportees/feedbacks?cycle_id=${i.cycles.yearEnd}` },
  { route: "app.my-reportees.peer-finalization", role: "manager", path: (i) => `/app/my-reportees/peer-finalization?cycle_id=${i.cycles.q4}` },
  { route: "app.my-reportees.$email.peer-finalization", role: "manager", path: (i) => `/app/my-reportees/${e(CAST.employee.email)}/peer-finalization?cycle_id=${i.cycles.q4}` },
  { route: "app.my-reportees.$email.feedback._index", role: "manager", path: (i) => `/app/my-reportees/${e(CAST.employee.email)}/feedback?cycle_id=${i.cycles.midYear}` },
  { route: "app.my-reportees.$email.feedback.$reviewerEmail", role: "manager", path: (i) => `/app/my-reportees/${e(CAST.employee.email)}/feedback/${e(i.eliReviewer)}?cycle_id=${i.cycles.midYear}` },
  { route: "app.my-reportees.$email.feedback.summary", role: "manager", path: (i) => `/app/my-reportees/${e(CAST.employee.email)}/feedback/summary?cycle_id=${i.cycles.midYear}` },
  { route: "app.my-reportees.secondary.$email.feedback.summary", role: "manager", path: (i) => `/app/my-reportees/secondary/${e(i.secondaryReport)}/feedback/summary?cycle_id=${i.cycles.midYear}` },
  { route: "app.my-reportees.$email.promotion", role: "manager", path: (i) => `/app/my-reportees/${e(CAST.employee.email)}/promotion?cycle_id=${i.cycles.calibration}` },
  { route: "app.ratings.calibration-panelist.sessions._index", role: "panelist", path: (i) => `/app/ratings/calibration-panelist/sessions?cycle_id=${i.cycles.calibration}` },
  { route: "app.ratings.calibration-panelist.sessions.$sessionId._index", role: "panelist", path: (i) => `/app/ratings/calibration-panelist/sessions/${i.calibration.active}?cycle_id=${i.cycles.calibration}` },
  {
    route: "app.ratings.calibration-panelist.sessions.$sessionId.participants.$participantId.calibration-rating",
    role: "panelist",
    path: (i) => `/app/ratings/calibration-panelist/sessions/${i.calibration.active}/participants/${i.calibration.participantOfActive}/calibration-rating?cycle_id=${i.cycles.calibration}`,
  },
  { route: "app.promotions.calibration-panelist.sessions._index", role: "panelist", path: (i) => `/app/promotions/calibration-panelist/sessions?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.calibration-panelist.sessions.$id", role: "panelist", path: (i) => `/app/promotions/calibration-panelist/sessions/${i.promotion.active}?cycle_id=${i.cycles.calibration}` },

  // ── The HR partner (Priya) ──
  { route: "app.ratings.hr-partners._index", role: "hrPartner", path: (i) => `/app/ratings/hr-partners?cycle_id=${i.cycles.calibration}` },
  { route: "app.ratings.hr-partners.create-session", role: "hrPartner", path: (i) => `/app/ratings/hr-partners/create-session?cycle_id=${i.cycles.calibration}` },
  { route: "app.ratings.hr-partners.sessions.$id.edit", role: "hrPartner", path: (i) => `/app/ratings/hr-partners/sessions/${i.calibration.draft}/edit?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.hr-partners.nominations", role: "hrPartner", path: (i) => `/app/promotions/hr-partners/nominations?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.hr-partners.create-session", role: "hrPartner", path: (i) => `/app/promotions/hr-partners/create-session?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.hr-partners.sessions.$id._index", role: "hrPartner", path: (i) => `/app/promotions/hr-partners/sessions/${i.promotion.draft}?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.hr-partners.sessions.$id.edit", role: "hrPartner", path: (i) => `/app/promotions/hr-partners/sessions/${i.promotion.draft}/edit?cycle_id=${i.cycles.calibration}` },
  { route: "app.insights.sessions.$sessionId", role: "hrPartner", path: (i) => `/app/insights/sessions/${i.calibration.active}` },

  // ── The session admin (Harper) ──
  { route: "app.session-admin.calibration-sessions._index", role: "sessionAdmin", path: (i) => `/app/session-admin/calibration-sessions?cycle_id=${i.cycles.calibration}` },
  { route: "app.session-admin.calibration-sessions.$id", role: "sessionAdmin", path: (i) => `/app/session-admin/calibration-sessions/${i.calibration.active}?cycle_id=${i.cycles.calibration}` },

  // ── The sign-off party (Carmen) ──
  { route: "app.sign-off-party.calibration-sessions._index", role: "signOff", path: (i) => `/app/sign-off-party/calibration-sessions?cycle_id=${i.cycles.calibration}` },
  { route: "app.sign-off-party.calibration-sessions.$id", role: "signOff", path: (i) => `/app/sign-off-party/calibration-sessions/${i.calibration.inReview}?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.sign-off-party.sessions._index", role: "signOff", path: (i) => `/app/promotions/sign-off-party/sessions?cycle_id=${i.cycles.calibration}` },
  { route: "app.promotions.sign-off-party.sessions.$id", role: "signOff", path: (i) => `/app/promotions/sign-off-party/sessions/${i.promotion.inReview}?cycle_id=${i.cycles.calibration}` },

  // ── The super admin (Ada) ──
  { route: "app.admin.cycles._index", role: "superAdmin", path: () => "/app/admin/cycles" },
  { route: "app.admin.cycles.create", role: "superAdmin", path: () => "/app/admin/cycles/create" },
  { route: "app.admin.cycles.$cycleId._index", role: "superAdmin", path: (i) => admin(i, "yearEnd") },
  { route: "app.admin.cycles.$cycleId.questions", role: "superAdmin", path: (i) => admin(i, "yearEnd", "/questions") },
  { route: "app.admin.cycles.$cycleId.json-builder", role: "superAdmin", path: (i) => admin(i, "yearEnd", "/json-builder") },
  { route: "app.admin.cycles.$cycleId.nudges._index", role: "superAdmin", path: (i) => admin(i, "yearEnd", "/nudges") },
  { route: "app.admin.cycles.$cycleId.participants._index", role: "superAdmin", path: (i) => admin(i, "midYear", "/participants") },
  { route: "app.admin.cycles.$cycleId.participants.create", role: "superAdmin", path: (i) => admin(i, "midYear", "/participants/create") },
  { route: "app.admin.cycles.$cycleId.participants.$email.edit", role: "superAdmin", path: (i) => admin(i, "midYear", `/participants/${e(CAST.employee.email)}/edit`) },
  { route: "app.admin.cycles.$cycleId.participants.$email.panel", role: "superAdmin", path: (i) => admin(i, "midYear", `/participants/${e(CAST.employee.email)}/panel`) },
  { route: "app.admin.cycles.$cycleId.participants.$email.edit-rating", role: "superAdmin", path: (i) => admin(i, "calibration", `/participants/${e(CAST.employee.email)}/edit-rating`) },
  { route: "app.admin.cycles.$cycleId.participants.$email.edit-promotion-decision", role: "superAdmin", path: (i) => admin(i, "calibration", `/participants/${e(CAST.employee.email)}/edit-promotion-decision`) },
  { route: "app.admin.cycles.$cycleId.calibration-sessions.$id.edit", role: "superAdmin", path: (i) => admin(i, "calibration", `/calibration-sessions/${i.calibration.draft}/edit`) },
  { route: "app.admin.calibration-sessions._index", role: "superAdmin", path: (i) => `/app/admin/calibration-sessions?cycle_id=${i.cycles.calibration}` },
  { route: "app.admin.promotion-dashboard", role: "superAdmin", path: (i) => `/app/admin/promotion-dashboard?cycle_id=${i.cycles.calibration}` },
  // The menu's item: to the newest cycle's page (its empty state is an HR partner's with no cycle of theirs: insights.spec).
  { route: "app.insights._index", role: "superAdmin", path: () => "/app/insights", status: 302 },
  { route: "app.insights.cycles.$cycleId", role: "superAdmin", path: (i) => `/app/insights/cycles/${i.cycles.calibration}` },
  { route: "app.insights.exports.$jobId", role: "superAdmin", path: (i) => `/app/insights/exports/${i.jobs.insightsExport}` },
  { route: "app.admin.cycles.$cycleId.decision-support.reports._index", role: "superAdmin", path: (i) => admin(i, "calibration", "/decision-support/reports") },
  { route: "app.admin.cycles.$cycleId.therma-scan-report.upload", role: "superAdmin", path: (i) => admin(i, "calibration", "/therma-scan-report/upload") },
  { route: "app.admin.cycles.$cycleId.upload-participants", role: "superAdmin", path: (i) => admin(i, "jobs", "/upload-participants") },
  { route: "app.admin.cycles.$cycleId.upsert-participants", role: "superAdmin", path: (i) => admin(i, "jobs", "/upsert-participants") },
  { route: "app.admin.cycles.$cycleId.upload-questionnaire", role: "superAdmin", path: (i) => admin(i, "jobs", "/upload-questionnaire") },
  // The job lists and one job of each kind (on the walk's own cycle).
  { route: "app.admin.cycles.$cycleId.upload-participants-jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/upload-participants-jobs") },
  { route: "app.admin.cycles.$cycleId.upload-participants-jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/upload-participants-jobs/${i.jobs.uploadParticipants}`) },
  { route: "app.admin.cycles.$cycleId.upsert-participants-jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/upsert-participants-jobs") },
  { route: "app.admin.cycles.$cycleId.upsert-participants-jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/upsert-participants-jobs/${i.jobs.upsertParticipants}`) },
  { route: "app.admin.cycles.$cycleId.populate-participants-jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/populate-participants-jobs") },
  { route: "app.admin.cycles.$cycleId.populate-participants-jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/populate-participants-jobs/${i.jobs.populateParticipants}`) },
  { route: "app.admin.cycles.$cycleId.download-participant-jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/download-participant-jobs") },
  { route: "app.admin.cycles.$cycleId.download-participant-jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/download-participant-jobs/${i.jobs.downloadParticipants}`) },
  { route: "app.admin.cycles.$cycleId.bulk-participants-feedback-pdf-download._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/bulk-participants-feedback-pdf-download") },
  { route: "app.admin.cycles.$cycleId.bulk-participants-feedback-pdf-download.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/bulk-participants-feedback-pdf-download/${i.jobs.bulkPdf}`) },
  { route: "app.admin.cycles.$cycleId.download-nomination-jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/download-nomination-jobs") },
  { route: "app.admin.cycles.$cycleId.download-nomination-jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/download-nomination-jobs/${i.jobs.downloadNominations}`) },
  { route: "app.admin.cycles.$cycleId.upload-questionnaire-jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/upload-questionnaire-jobs") },
  { route: "app.admin.cycles.$cycleId.upload-questionnaire-jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/upload-questionnaire-jobs/${i.jobs.uploadQuestionnaire}`) },
  { route: "app.admin.cycles.$cycleId.therma-scan-report.jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/therma-scan-report/jobs") },
  { route: "app.admin.cycles.$cycleId.therma-scan-report.jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/therma-scan-report/jobs/${i.jobs.thermaScan}`) },
  { route: "app.admin.cycles.$cycleId.decision-support.reports.jobs._index", role: "superAdmin", path: (i) => admin(i, "jobs", "/decision-support/reports/jobs") },
  { route: "app.admin.cycles.$cycleId.decision-support.reports.jobs.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/decision-support/reports/jobs/${i.jobs.decisionReport}`) },
  { route: "app.admin.cycles.$cycleId.nudges.$jobId", role: "superAdmin", path: (i) => admin(i, "jobs", `/nudges/${i.jobs.nudge}`) },
  { route: "app.admin.users._index", role: "superAdmin", path: () => "/app/admin/users" },
  { route: "app.admin.users.new", role: "superAdmin", path: () => "/app/admin/users/new" },
  { route: "app.admin.users.$userId", role: "superAdmin", path: (i) => `/app/admin/users/${i.eliUserId}` },
  { route: "app.admin.users.import._index", role: "superAdmin", path: () => "/app/admin/users/import" },
  { route: "app.admin.users.import.jobs._index", role: "superAdmin", path: () => "/app/admin/users/import/jobs" },
  { route: "app.admin.users.import.jobs.$jobId", role: "superAdmin", path: (i) => `/app/admin/users/import/jobs/${i.jobs.directoryImport}` },
  { route: "app.admin.personal-data.exports._index", role: "superAdmin", path: () => "/app/admin/personal-data/exports" },
  { route: "app.admin.personal-data.exports.$jobId", role: "superAdmin", path: (i) => `/app/admin/personal-data/exports/${i.jobs.export}` },
  { route: "app.admin.personal-data.erasures._index", role: "superAdmin", path: () => "/app/admin/personal-data/erasures" },
  { route: "app.admin.personal-data.erasures.$jobId", role: "superAdmin", path: (i) => `/app/admin/personal-data/erasures/${i.jobs.erasure}` },
  { route: "app.admin.audits._index", role: "superAdmin", path: () => "/app/admin/audits" },
  { route: "app.admin.scim-tokens", role: "superAdmin", path: () => "/app/admin/scim-tokens" },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Resolving the ids at run time

type Api = APIRequestContext;

async function json<T>(api: Api, path: string, init?: { method?: "POST" | "PATCH"; data?: unknown; multipart?: Record<string, unknown> }): Promise<T> {
  const res =
    init?.method === "POST"
      ? await api.post(path, init.multipart ? { multipart: init.multipart as never } : { data: init.data ?? {} })
      : init?.method === "PATCH"
        ? await api.patch(path, { data: init.data ?? {} })
        : await api.get(path);
  if (res.status() >= 300) throw new Error(`${init?.method ?? "GET"} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

function pick<T>(items: T[], what: string, test: (item: T) => boolean): T {
  const found = items.find(test);
  if (!found) throw new Error(`page catalogue: no ${what} in the demo data`);
  return found;
}

/** The demo seed's cycles by name (prisma/seed.ts). */
const CYCLE_NAMES = { midYear: "2026 Mid-Year Review", yearEnd: "2026 Year-End Review", q4: "2026 Q4 Project Review", calibration: "2026 Q3 Review" } as const;

type JobDetail = { job: { status: string; message?: string | null; file_name?: string | null }; row_errors?: Array<{ message: string; column: string | null }> };

/** What a job's pages show of what it stored: its result message, its file's name, its row errors. */
const jobData: string[] = [];

/** Wait until a job has ended (its page then shows its outcome, not a running state); keep what it wrote. */
async function ended(api: Api, path: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const detail = await json<JobDetail>(api, path);
    if (!["queued", "running", "pending"].includes(detail.job.status)) {
      for (const text of [detail.job.message, detail.job.file_name, ...(detail.row_errors ?? []).flatMap((r) => [r.message, r.column])]) if (text) jobData.push(text);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`page catalogue: the job ${path} did not end`);
}

const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

/**
 * Look up every id the catalogue's URLs need, through each role's API (`as(role)`: a request context signed in as
 * that role's person): the demo seed's cycles, sessions, feedback and endorsements; and start one job of each kind
 * on a fresh cycle of the walk's own (so a job page has a job), waiting until each has ended.
 */
export async function resolvePageIds(as: (role: Exclude<Role, "anonymous">) => Api, label: string): Promise<PageIds> {
  const ada = as("superAdmin");
  const { cycles: all } = await json<{ cycles: Array<{ id: number; name: string }> }>(ada, "/api/v1/admin/cycles");
  const cycleId = (name: string) => pick(all, `cycle "${name}"`, (c) => c.name === name).id;
  const calibrationCycle = cycleId(CYCLE_NAMES.calibration);

  const { users } = await json<{ users: Array<{ id: number; email: string }> }>(ada, `/api/v1/admin/users?q=${e(CAST.employee.email)}`);
  const eliUserId = pick(users, "Eli", (u) => u.email === CAST.employee.email).id;

  type Session = { id: number; name: string; state: string };
  const { calibration_sessions: sessions } = await json<{ calibration_sessions: Session[] }>(ada, `/api/v1/admin/cycles/${calibrationCycle}/calibration_sessions`);
  const session = (name: string) => pick(sessions, `calibration session "${name}"`, (s) => s.name === name).id;
  const active = session("Engineering calibration");
  const { participants } = await json<{ participants: Array<{ id: number }> }>(ada, `/api/v1/admin/cycles/${calibrationCycle}/calibration_sessions/${active}/session_participants`);
  const { promotion_calibration_sessions: promotions } = await json<{ promotion_calibration_sessions: Session[] }>(ada, `/api/v1/admin/cycles/${calibrationCycle}/promotion_calibration_sessions`);
  const promotion = (name: string) => pick(promotions, `promotion session "${name}"`, (s) => s.name === name).id;

  const yearEnd = cycleId(CYCLE_NAMES.yearEnd);
  const midYear = cycleId(CYCLE_NAMES.midYear);
  const { feedbacks } = await json<{ feedbacks: Array<{ reviewee: { email: string } }> }>(as("employee"), `/api/v1/cycles/${yearEnd}/feedbacks`);
  const morgan = as("manager");
  const { feedbacks: aboutEli } = await json<{ feedbacks: Array<{ reviewer: { email: string }; status: string }> }>(morgan, `/api/v1/cycles/${midYear}/direct_reports/${e(CAST.employee.email)}/feedbacks`);
  const { secondary_reports: secondary } = await json<{ secondary_reports: Array<{ email: string }> }>(morgan, `/api/v1/cycles/${midYear}/secondary_reports`);
  const { endorsements } = await json<{ endorsements: Array<{ id: number; status: string }> }>(as("endorser"), `/api/v1/endorsements?cycle_id=${calibrationCycle}`);

  const started = await runJobs(ada, label, eliUserId);
  return {
    cycles: { midYear, yearEnd, q4: cycleId(CYCLE_NAMES.q4), calibration: calibrationCycle, jobs: started.cycleId },
    feedbackReviewee: pick(feedbacks, "feedback for Eli to give", () => true).reviewee.email,
    eliReviewer: pick(aboutEli, "submitted feedback about Eli", (f) => f.status === "submitted").reviewer.email,
    secondaryReport: pick(secondary, "secondary report of Morgan", () => true).email,
    eliUserId,
    calibration: { draft: session("Design calibration"), active, inReview: session("Sales calibration"), participantOfActive: pick(participants, "participant", () => true).id },
    promotion: { draft: promotion("Design promotions"), active: promotion("Engineering promotions"), inReview: promotion("Product promotions") },
    endorsement: { toWrite: pick(endorsements, "accepted endorsement", (x) => x.status === "accepted").id, any: pick(endorsements, "endorsement", () => true).id },
    jobs: started.jobs,
    jobData: [...new Set(jobData)],
  };
}

/** One job of each kind, on a fresh cycle named after `label` (its id is the walk's `jobs` cycle). */
async function runJobs(ada: Api, label: string, eliUserId: number): Promise<{ cycleId: number; jobs: Record<JobKind, number> }> {
  const { cycle } = await json<{ cycle: { id: number } }>(ada, "/api/v1/admin/cycles", { method: "POST", data: { name: `${label} ${Date.now()}` } });
  const base = `/api/v1/admin/cycles/${cycle.id}`;
  await json(ada, `${base}/participants`, { method: "POST", data: { email: CAST.employee.email, manager_email: CAST.manager.email } });
  const template = async (path: string) => (await ada.get(path)).text();
  const participantsCsv = csv("team.csv", `email,manager_email\n${CAST.manager.email},\nnot-an-email,\n`);
  type Started = { job: { id: number } };
  const start = async (collection: string, init: Parameters<typeof json>[2]) => {
    const { job } = await json<Started>(ada, collection, init);
    await ended(ada, `${collection}/${job.id}`);
    return job.id;
  };
  const jobs: Record<JobKind, number> = {
    uploadParticipants: await start(`${base}/upload_participant_jobs`, { method: "POST", multipart: { file: participantsCsv, error_mode: "valid_only" } }),
    upsertParticipants: await start(`${base}/upsert_participant_jobs`, { method: "POST", multipart: { file: participantsCsv, error_mode: "valid_only" } }),
    populateParticipants: await start(`${base}/populate_participants_jobs`, { method: "POST", data: { departments: ["People"] } }),
    downloadParticipants: await start(`${base}/download_participant_jobs`, { method: "POST", data: {} }),
    bulkPdf: await start(`${base}/bulk_participants_feedback_pdf_jobs`, { method: "POST", data: {} }),
    downloadNominations: await start(`${base}/download_nomination_jobs`, { method: "POST", data: {} }),
    uploadQuestionnaire: await start(`${base}/upload_questionnaire_jobs`, {
      method: "POST",
      multipart: { file: csv("questionnaire.csv", await template(`/app/admin/cycles/${cycle.id}/questionnaire-template.csv`)), error_mode: "all_or_nothing" },
    }),
    thermaScan: await start(`${base}/upload_therma_scan_report_jobs`, {
      method: "POST",
      multipart: { file: csv("therma.csv", await template(`/app/admin/cycles/${cycle.id}/therma-scan-report/template.csv`)), error_mode: "valid_only" },
    }),
    decisionReport: await start(`${base}/download_participants_report`, { method: "POST", data: { metric_type: "response_rate" } }),
    nudge: await start(`${base}/nudge_jobs`, { method: "POST", data: {} }),
    // A directory file whose one row is refused: the job runs and changes nobody.
    directoryImport: await start("/api/v1/admin/directory_import_jobs", { method: "POST", multipart: { file: csv("directory.csv", "email,name\nnot-an-email,Nobody\n"), error_mode: "valid_only" } }),
    export: await start(`/api/v1/admin/users/${eliUserId}/data_export_jobs`, { method: "POST", data: {} }),
    erasure: await eraseSomeone(ada, label),
    // The walk's cycle holds one person: every figure is under the floor, so the file is written at once (ADR 0115).
    insightsExport: await start(`/api/v1/insights/cycles/${cycle.id}/export_jobs`, { method: "POST", data: {} }),
  };
  return { cycleId: cycle.id, jobs };
}

/** A person made for the walk, deactivated and erased (an erasure job needs a deactivated person). */
async function eraseSomeone(ada: Api, label: string): Promise<number> {
  const stamp = Date.now();
  const email = `every.page.${stamp}@example.com`;
  const { user } = await json<{ user: { id: number } }>(ada, "/api/v1/admin/users", { method: "POST", data: { email, name: `${label} Leaver ${stamp}` } });
  await json(ada, `/api/v1/admin/users/${user.id}/deactivate`, { method: "POST", data: {} });
  const path = `/api/v1/admin/users/${user.id}/erasure_jobs`;
  const { job } = await json<{ job: { id: number } }>(ada, path, { method: "POST", data: { confirm_email: email } });
  await ended(ada, `${path}/${job.id}`);
  return job.id;
}
