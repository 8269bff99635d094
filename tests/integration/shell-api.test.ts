import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import * as config from "~/routes/api.v1.config";
import * as routeConfig from "~/routes/api.v1.route_config";
import * as coachmarks from "~/routes/api.v1.coachmarks";
import * as userFeedback from "~/routes/api.v1.user_feedback";
import * as hasDirectReport from "~/routes/api.v1.users.has_direct_report";
import * as openapi from "~/routes/api.v1.openapi[.]json";
import { bearerFor, callRoute, createTestUser } from "../support/api";

describe("shell API: config, route_config, coachmarks, user_feedback, has_direct_report", () => {
  let manager: Awaited<ReturnType<typeof createTestUser>>;
  let report: Awaited<ReturnType<typeof createTestUser>>;
  let managerToken: string;
  let reportToken: string;

  beforeAll(async () => {
    manager = await createTestUser({ name: "Shell Manager" });
    report = await createTestUser({ name: "Shell Report", managerId: manager.id, hrPartnerId: manager.id });
    managerToken = await bearerFor(manager.id);
    reportToken = await bearerFor(report.id);
  });

  it("serves the public configuration without sign-in", async () => {
    const res = await callRoute(config.loader as never, { path: "/api/v1/config" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ["DEPLOYMENT_ENVIRONMENT", "GA_GTAG_ID", "GOOGLE_CLIENT_ID", "LARK_CLIENT_ID", "RAILS_ENVIRONMENT", "SENTRY_DSN"].sort(),
    );
  });

  it("answers 401 JSON without a token or with a bad one", async () => {
    for (const token of [undefined, "not-a-token"]) {
      const res = await callRoute(routeConfig.loader as never, { path: "/api/v1/route_config", token });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: "unauthorized" });
    }
  });

  it("computes route flags from real data", async () => {
    const m = await callRoute(routeConfig.loader as never, { path: "/api/v1/route_config", token: managerToken });
    expect(m.status).toBe(200);
    expect(m.body.route_config).toMatchObject({
      "has_direct_report?": true,
      "hr_partner_has_employees?": true,
      "rating_calibration?": true,
      "promotions?": false,
      "has_user_feedback?": false,
    });
    const r = await callRoute(routeConfig.loader as never, { path: "/api/v1/route_config", token: reportToken });
    expect(r.body.route_config["has_direct_report?"]).toBe(false);
    expect(r.body.route_config["rating_calibration?"]).toBe(false);

    expect((await callRoute(hasDirectReport.loader as never, { path: "/api/v1/users/has_direct_report", token: managerToken })).body).toEqual({
      has_direct_report: true,
    });
    expect((await callRoute(hasDirectReport.loader as never, { path: "/api/v1/users/has_direct_report", token: reportToken })).body).toEqual({
      has_direct_report: false,
    });
  });

  it("stores coachmarks per user, once per type, with an audit record", async () => {
    const db = await getDb();
    const empty = await callRoute(coachmarks.loader as never, { path: "/api/v1/coachmarks", token: reportToken });
    expect(empty.body).toEqual({ coachmarks: [] });

    const created = await callRoute(coachmarks.action as never, {
      method: "POST",
      path: "/api/v1/coachmarks",
      token: reportToken,
      body: { coachmark_type: "user_feedback", is_dismissed: true },
    });
    expect(created.status).toBe(201);
    await callRoute(coachmarks.action as never, {
      method: "POST",
      path: "/api/v1/coachmarks",
      token: reportToken,
      body: { coachmark_type: "user_feedback", is_dismissed: true },
    });
    const list = await callRoute(coachmarks.loader as never, { path: "/api/v1/coachmarks", token: reportToken });
    expect(list.body).toEqual({ coachmarks: [{ coachmark_type: "user_feedback", is_dismissed: true }] });
    const other = await callRoute(coachmarks.loader as never, { path: "/api/v1/coachmarks", token: managerToken });
    expect(other.body).toEqual({ coachmarks: [] });

    const audits = await db.auditRecord.findMany({ where: { action: "coachmark.create", actorId: report.id } });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ coachmark_type: "user_feedback", is_dismissed: true });
  });

  it("rejects an unknown coachmark type or bad JSON with 400 and changes nothing", async () => {
    const db = await getDb();
    const before = await db.coachmark.count();
    const bad = await callRoute(coachmarks.action as never, {
      method: "POST",
      path: "/api/v1/coachmarks",
      token: managerToken,
      body: { coachmark_type: "nope", is_dismissed: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
    const broken = await callRoute(coachmarks.action as never, { method: "POST", path: "/api/v1/coachmarks", token: managerToken, rawBody: "{" });
    expect(broken.status).toBe(400);
    expect(await db.coachmark.count()).toBe(before);
  });

  it("records user feedback, sets has_user_feedback? and audits it", async () => {
    const missing = await callRoute(userFeedback.action as never, { method: "POST", path: "/api/v1/user_feedback", token: managerToken, body: { text: "hi" } });
    expect(missing.status).toBe(400);

    const res = await callRoute(userFeedback.action as never, {
      method: "POST",
      path: "/api/v1/user_feedback",
      token: managerToken,
      body: { has_liked: true, text: "  Fast and clear  " },
    });
    expect(res.status).toBe(201);
    expect(res.body.user_feedback).toMatchObject({ has_liked: true, text: "Fast and clear" });
    const flags = await callRoute(routeConfig.loader as never, { path: "/api/v1/route_config", token: managerToken });
    expect(flags.body.route_config["has_user_feedback?"]).toBe(true);
    const db = await getDb();
    expect(await db.auditRecord.count({ where: { action: "user_feedback.create", actorId: manager.id } })).toBe(1);
  });

  it("describes the API in OpenAPI, including these routes", async () => {
    const res = await callRoute(openapi.loader as never, { path: "/api/v1/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    for (const p of ["/api/v1/config", "/api/v1/route_config", "/api/v1/coachmarks", "/api/v1/user_feedback", "/api/v1/users/has_direct_report"]) {
      expect(Object.keys(res.body.paths)).toContain(p);
    }
    expect(res.body.paths["/api/v1/coachmarks"].post.requestBody.content["application/json"].schema.properties.coachmark_type.enum).toContain("user_feedback");
  });
});

describe("API paths no route declares", () => {
  it("answer 404 in the error format for every method, never the HTML page", async () => {
    const { call } = await import("../support/calibration");
    for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
      for (const url of ["/api/v1/no_such_thing", "/api/v1/admin/cycles/1/no/such/path"]) {
        const res = await call(method, url, { body: method === "GET" ? undefined : {} });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.error).toMatchObject({ code: "not_found", message: `No API path ${url}` });
      }
    }
  });
});
