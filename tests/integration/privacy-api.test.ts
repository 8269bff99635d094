/**
 * A person's data jobs through the API and the bulk job engine (ADR 0053): POST data_export_jobs runs an EXPORT_PERSON
 * job whose ZIP is downloaded; POST erasure_jobs is refused (nothing written) for an active person, a wrong or missing
 * confirmation and non-admins, and for a deactivated person runs an ERASE_PERSON job after which their email and name
 * are in no table and in no other export; the OpenAPI document lists the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { readStoredZip } from "~/platform/zip-store.server";
import * as exportsRoute from "~/routes/api.v1.admin.users.$id.data_export_jobs";
import * as exportRoute from "~/routes/api.v1.admin.users.$id.data_export_jobs.$jobId";
import * as exportFile from "~/routes/api.v1.admin.users.$id.data_export_jobs.$jobId.file";
import * as erasuresRoute from "~/routes/api.v1.admin.users.$id.erasure_jobs";
import * as erasureRoute from "~/routes/api.v1.admin.users.$id.erasure_jobs.$jobId";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import * as panelRoute from "~/routes/app.admin.users.$userId_.personal-data";
import { callWithSession, sessionCookieFor } from "../support/session";
import { bearerFor, callRoute } from "../support/api";
import { startTestWorker } from "../support/worker";
import { until } from "../support/wait";
import { createErasureWorld, findEverywhere, type ErasureWorld } from "../support/erasure-world";

let w: ErasureWorld;
let adminToken: string;
let employeeToken: string;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

const base = (id: number, kind: "data_export_jobs" | "erasure_jobs") => `/api/v1/admin/users/${id}/${kind}`;
const params = (id: number, jobId?: number) => ({ id: String(id), ...(jobId ? { jobId: String(jobId) } : {}) });

async function finished(kind: "data_export_jobs" | "erasure_jobs", userId: number, jobId: number) {
  const route = kind === "data_export_jobs" ? exportRoute : erasureRoute;
  return until(`job ${jobId}`, async () => {
    const res = await callRoute(route.loader as never, { path: `${base(userId, kind)}/${jobId}`, token: adminToken, params: params(userId, jobId) });
    expect(res.status).toBe(200);
    return res.body.job.status === "succeeded" || res.body.job.status === "failed" ? res.body.job : null;
  });
}

async function fingerprint() {
  const db = await getDb();
  return JSON.stringify(await Promise.all([db.job.count(), db.auditRecord.count(), db.user.findUnique({ where: { id: w.person.id } })]));
}

beforeAll(async () => {
  worker = await startTestWorker();
  w = await createErasureWorld("api");
  adminToken = await bearerFor(w.admin.id);
  employeeToken = await bearerFor(w.colleague.id);
});

afterAll(async () => {
  await worker?.stop();
});

describe("data export jobs", () => {
  it("exports everything held about the person as a ZIP, for super admins only", async () => {
    const id = w.person.id;
    expect((await callRoute(exportsRoute.action as never, { method: "POST", path: base(id, "data_export_jobs"), token: employeeToken, body: {}, params: params(id) })).status).toBe(403);
    expect((await callRoute(exportsRoute.action as never, { method: "POST", path: base(id, "data_export_jobs"), token: adminToken, body: { x: 1 }, params: params(id) })).status).toBe(400);
    expect((await callRoute(exportsRoute.action as never, { method: "POST", path: base(999_999_999, "data_export_jobs"), token: adminToken, body: {}, params: params(999_999_999) })).status).toBe(404);

    const started = await callRoute(exportsRoute.action as never, { method: "POST", path: base(id, "data_export_jobs"), token: adminToken, body: {}, params: params(id) });
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ type: "export_person", subject_user_id: id });
    const job = await finished("data_export_jobs", id, started.body.job.id);
    expect(job.status).toBe("succeeded");
    expect(job.output_file_url).toBe(`${base(id, "data_export_jobs")}/${job.id}/file`);

    const list = await callRoute(exportsRoute.loader as never, { path: base(id, "data_export_jobs"), token: adminToken, params: params(id) });
    expect(list.body.jobs.map((j: { id: number }) => j.id)).toContain(job.id);
    expect((await callRoute(exportsRoute.loader as never, { path: base(id, "data_export_jobs"), token: employeeToken, params: params(id) })).status).toBe(403);

    const file = await exportFile.loader({ request: new Request(`http://127.0.0.1${job.output_file_url}`, { headers: { Authorization: `Bearer ${adminToken}` } }), params: params(id, job.id), context: {} } as never);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/zip");
    const zip = readStoredZip(new Uint8Array(await file.arrayBuffer()));
    expect(JSON.parse(zip.get("person.json")!.toString("utf8")).profile).toMatchObject({ id, email: w.person.email });
    expect(zip.get("feedback_received.csv")!.toString("utf8")).toContain(w.manager.email);
    // Another person's job id under this person is a 404.
    expect((await callRoute(exportRoute.loader as never, { path: `${base(w.colleague.id, "data_export_jobs")}/${job.id}`, token: adminToken, params: params(w.colleague.id, job.id) })).status).toBe(404);
  });
});

describe("the admin user page's Personal data card", () => {
  const panel = (cookie: string, opts: { method?: string; form?: Record<string, string>; body?: unknown } = {}) =>
    callWithSession((opts.method ? panelRoute.action : panelRoute.loader) as never, {
      path: `/app/admin/users/${w.person.id}/personal-data`,
      cookie,
      params: { userId: String(w.person.id) },
      ...opts,
    });

  it("shows a super admin the person's jobs, refuses others, and starts nothing on bad input", async () => {
    const admin = await sessionCookieFor(w.admin.id);
    const shown = await panel(admin);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ userId: w.person.id, email: w.person.email, active: true, erasedAt: null });
    expect(shown.body.exports[0].pageUrl).toMatch(/^\/app\/admin\/personal-data\/exports\/\d+$/);
    expect((await panel(await sessionCookieFor(w.colleague.id))).status).toBe(403);
    expect((await panel(await sessionCookieFor(w.colleague.id), { method: "POST", form: { intent: "export" } })).status).toBe(403);

    const before = await fingerprint();
    expect((await panel(admin, { method: "POST", body: { intent: "export" } })).status).toBe(400);
    expect((await panel(admin, { method: "POST", form: { intent: "nothing" } })).status).toBe(400);
    const active = await panel(admin, { method: "POST", form: { intent: "erase", confirm_email: w.person.email } });
    expect(active.status).toBe(409);
    // The card reads keys (ADR 0125): the service's refusal by its message_key, never its English.
    expect(active.body).toEqual({ ok: false, intent: "erase", message: { key: "privacy.result.deactivateFirst" }, fieldErrors: {} });
    expect((await panel(admin, { method: "POST", form: { intent: "nothing" } })).body.message).toEqual({ key: "privacy.result.failed" });
    expect(await fingerprint()).toBe(before);
  });

  it("answers the started export as a key with the job's id", async () => {
    const started = await panel(await sessionCookieFor(w.admin.id), { method: "POST", form: { intent: "export" } });
    expect(started.status).toBe(200);
    const job = await (await getDb()).job.findFirstOrThrow({ where: { subjectUserId: w.person.id, type: "EXPORT_PERSON" }, orderBy: { id: "desc" } });
    expect(started.body).toEqual({ ok: true, intent: "export", message: { key: "privacy.result.exportStarted", values: { id: job.id } } });
    await finished("data_export_jobs", w.person.id, job.id);
  });
});

describe("erasure jobs", () => {
  const post = (id: number, body: unknown, token = adminToken) =>
    callRoute(erasuresRoute.action as never, { method: "POST", path: base(id, "erasure_jobs"), token, body, params: params(id) });

  it("refuses an active person, a wrong or missing confirmation and a non-admin, writing nothing", async () => {
    const before = await fingerprint();
    const active = await post(w.person.id, { confirm_email: w.person.email });
    expect(active.status).toBe(409);
    expect(active.body.error.code).toBe("user_active");
    expect((await post(w.person.id, { confirm_email: w.person.email }, employeeToken)).status).toBe(403);
    expect(await fingerprint()).toBe(before);

    await (await getDb()).user.update({ where: { id: w.person.id }, data: { active: false, deactivatedAt: new Date() } });
    const deactivated = await fingerprint();
    const wrong = await post(w.person.id, { confirm_email: w.colleague.email });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("confirmation_mismatch");
    expect((await post(w.person.id, {})).status).toBe(400);
    expect((await post(w.person.id, { confirm_email: w.person.email, extra: true })).status).toBe(400);
    expect(await fingerprint()).toBe(deactivated);

    // The card's erase form, refused: an empty email and a wrong one, as keys on the field.
    const card = (confirm_email: string) =>
      callWithSession(panelRoute.action as never, { method: "POST", path: `/app/admin/users/${w.person.id}/personal-data`, cookie, params: { userId: String(w.person.id) }, form: { intent: "erase", confirm_email } });
    const cookie = await sessionCookieFor(w.admin.id);
    const typeEmail = { key: "privacy.result.typeEmail" };
    expect(await card("  ")).toMatchObject({ status: 400, body: { ok: false, message: typeEmail, fieldErrors: { confirm_email: typeEmail } } });
    expect(await card(w.colleague.email)).toMatchObject({ status: 400, body: { ok: false, message: { key: "privacy.result.mismatch" } } });
    expect(await fingerprint()).toBe(deactivated);
  });

  it("erases a deactivated person: their email and name are in no table and no other export afterwards", async () => {
    const id = w.person.id;
    const started = await post(id, { confirm_email: ` ${w.person.email.toUpperCase()} ` });
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ type: "erase_person", subject_user_id: id, output_file_url: null });
    const job = await finished("erasure_jobs", id, started.body.job.id);
    expect(job.status, job.message).toBe("succeeded");

    const needles = [w.person.email, w.person.name, w.person.employeeNumber!, w.person.scimExternalId!];
    expect(await findEverywhere(needles)).toEqual([]);
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { id } });
    expect(user.name).toMatch(/^Erased person /);
    expect(user.erasedAt).not.toBeNull();

    // Its earlier export is gone with it; an export of the colleague names only the pseudonym.
    const exports = await callRoute(exportsRoute.loader as never, { path: base(id, "data_export_jobs"), token: adminToken, params: params(id) });
    expect(exports.body.jobs.every((j: { output_file_url: string | null }) => j.output_file_url === null)).toBe(true);
    const other = await callRoute(exportsRoute.action as never, { method: "POST", path: base(w.colleague.id, "data_export_jobs"), token: adminToken, body: {}, params: params(w.colleague.id) });
    const otherJob = await finished("data_export_jobs", w.colleague.id, other.body.job.id);
    const file = await exportFile.loader({ request: new Request(`http://127.0.0.1${otherJob.output_file_url}`, { headers: { Authorization: `Bearer ${adminToken}` } }), params: params(w.colleague.id, otherJob.id), context: {} } as never);
    const text = [...readStoredZip(new Uint8Array(await file.arrayBuffer())).values()].map((b) => b.toString("utf8")).join("\n").toLowerCase();
    for (const n of needles) expect(text).not.toContain(n.toLowerCase());
    expect(text).toContain(user.email);

    // The directory download (GET /api/v1/admin/users/directory.csv, when its route exists) does not name them either.
    const directory = Object.values(import.meta.glob<{ loader: (args: unknown) => Promise<Response> }>("../../app/routes/api.v1.admin.users.directory*csv.ts"));
    for (const load of directory) {
      const route = await load();
      const res = await route.loader({ request: new Request("http://127.0.0.1/api/v1/admin/users/directory.csv", { headers: { Authorization: `Bearer ${adminToken}` } }), params: {}, context: {} });
      expect(res.status).toBe(200);
      const raw = new Uint8Array(await res.arrayBuffer());
      // A CSV download starts with the UTF-8 byte order mark (issue 28).
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = Buffer.from(raw.subarray(3)).toString("utf8").toLowerCase();
      expect(csv).toContain(w.colleague.email);
      for (const n of needles) expect(csv).not.toContain(n.toLowerCase());
    }

    // A second erasure is refused.
    expect((await post(id, { confirm_email: user.email })).status).toBe(409);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" })).body;
    for (const path of [
      "/api/v1/admin/users/{id}/data_export_jobs",
      "/api/v1/admin/users/{id}/data_export_jobs/{job_id}",
      "/api/v1/admin/users/{id}/data_export_jobs/{job_id}/file",
      "/api/v1/admin/users/{id}/erasure_jobs",
      "/api/v1/admin/users/{id}/erasure_jobs/{job_id}",
    ]) {
      expect(doc.paths[path], path).toBeTruthy();
    }
    expect(doc.paths["/api/v1/admin/users/{id}/erasure_jobs"].post.requestBody).toBeTruthy();
  });
});
