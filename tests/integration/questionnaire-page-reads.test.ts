/**
 * Issue 27: lean reads of the questionnaire pages (/app/admin/cycles/{id}/questions, json-builder, upload-questionnaire):
 * each loader reads what it shows in at most 3 database round trips of its own (the frame's session and shell reads
 * are counted apart), equal to what the API's service reads (getQuestionnaire: default, saved with who saved it,
 * locked once feedback is given); the same 403 and 404 as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as questionsPage from "~/routes/app.admin.cycles.$cycleId.questions";
import * as builderPage from "~/routes/app.admin.cycles.$cycleId.json-builder";
import * as uploadPage from "~/routes/app.admin.cycles.$cycleId.upload-questionnaire";
import { getDb } from "~/platform/db.server";
import { getCycle } from "~/features/cycles/service.server";
import { getQuestionnaire, saveQuestionnaire } from "~/features/questionnaires/service.server";
import { questionsByType } from "~/features/questionnaires/rules";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { countPageLoad } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("QuestionnairePages");
});
afterAll(async () => {
  await stopWorker?.();
});

/** The page's loader after the frame's, for one request; fails above 3 round trips of its own. */
async function loadPage(loader: unknown, path: string, userId: number, params: Record<string, string>) {
  const r = await countPageLoad(loader, path, await sessionCookieFor(userId), params);
  expect(r.count, `${path}:\n${r.statements.join("\n")}`).toBeLessThanOrEqual(3);
  return r.result;
}

async function outcome(load: () => Promise<unknown>): Promise<{ status: number } | { data: unknown }> {
  try {
    return { data: await load() };
  } catch (err) {
    if (err instanceof Response) return { status: err.status };
    throw err;
  }
}

/** The three pages read as the API's getQuestionnaire does. */
async function expectPagesEqualApi() {
  const base = `/app/admin/cycles/${org.cycleId}`;
  const params = { cycleId: String(org.cycleId) };
  const api = await getQuestionnaire(org.cycleId);
  const cycle = await getCycle(org.cycleId);

  const questions = (await loadPage(questionsPage.loader, `${base}/questions?type=PEER`, org.admin.id, params)) as Awaited<ReturnType<typeof questionsPage.loader>>;
  expect(questions).toEqual({
    cycle,
    questions: questionsByType(api.definition),
    version: api.version,
    is_default: api.is_default,
    locked: api.locked,
    initial: "PEER",
  });
  const builder = (await loadPage(builderPage.loader, `${base}/json-builder`, org.admin.id, params)) as Awaited<ReturnType<typeof builderPage.loader>>;
  expect(builder).toEqual({ cycle, questionnaire: api });
  const upload = (await loadPage(uploadPage.loader, `${base}/upload-questionnaire`, org.admin.id, params)) as Awaited<ReturnType<typeof uploadPage.loader>>;
  expect(upload).toMatchObject({ cycle, version: api.version, isDefault: api.is_default, locked: api.locked });
  return api;
}

describe("the questionnaire pages", () => {
  it("read the default, a saved and a locked questionnaire in at most 3 round trips, equal to the API's read", async () => {
    const first = await expectPagesEqualApi();
    expect(first).toMatchObject({ version: 0, is_default: true, locked: false, updated_by: null });

    const definition = { PEER: [{ id: "again", kind: "choice", label: "  Would you work with them again?  ", required: false, options: ["Yes", "No"] }] };
    await saveQuestionnaire(org.adminActor, org.cycleId, definition);
    await saveQuestionnaire(org.adminActor, org.cycleId, { ...definition, SELF: [{ id: "proud", kind: "text", label: "你最自豪的是什么？", required: true }] });
    const saved = await expectPagesEqualApi();
    expect(saved).toMatchObject({ version: 2, is_default: false, locked: false, updated_by: { id: org.admin.id, email: org.admin.email } });
    expect(saved.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // A draft that holds answers locks it, as a submitted row does.
    const db = await getDb();
    await db.feedback.create({
      data: { cycleId: org.cycleId, revieweeId: org.participantId.A, reviewerId: org.P.id, reviewerType: "PEER", status: "DRAFT", answers: { again: "Yes" } },
    });
    const locked = await expectPagesEqualApi();
    expect(locked.locked).toBe(true);
  });

  it("refuses everyone but a super admin, and an unknown cycle, as before", async () => {
    const params = { cycleId: String(org.cycleId) };
    const managerCookie = await sessionCookieFor(org.M.id);
    const adminCookie = await sessionCookieFor(org.admin.id);
    for (const page of [questionsPage, builderPage, uploadPage]) {
      expect(await outcome(async () => (await countPageLoad(page.loader, `/app/admin/cycles/${org.cycleId}/questions`, managerCookie, params)).result)).toEqual({ status: 403 });
      expect(await outcome(async () => (await countPageLoad(page.loader, "/app/admin/cycles/999999/questions", adminCookie, { cycleId: "999999" })).result)).toEqual({ status: 404 });
    }
  });
});
