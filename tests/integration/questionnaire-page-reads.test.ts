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
import { createReviewOrg, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { expectPageLoad, pageOutcome } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("QuestionnairePages");
});
afterAll(async () => {
  await stopWorker?.();
});

/** The three pages read as the API's getQuestionnaire does. */
async function expectPagesEqualApi() {
  const base = `/app/admin/cycles/${org.cycleId}`;
  const params = { cycleId: String(org.cycleId) };
  const api = await getQuestionnaire(org.cycleId);
  const cycle = await getCycle(org.cycleId);

  const { version, is_default, locked } = api;
  const questions = { cycle, questions: questionsByType(api.definition), version, is_default, locked, initial: "PEER" };
  await expectPageLoad(questionsPage.loader, `${base}/questions?type=PEER`, org.admin, questions, { params });
  await expectPageLoad(builderPage.loader, `${base}/json-builder`, org.admin, { cycle, questionnaire: api }, { params });
  await expectPageLoad(uploadPage.loader, `${base}/upload-questionnaire`, org.admin, (upload) => ({ ...upload, cycle, version, isDefault: is_default, locked }), { params });
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
    for (const page of [questionsPage, builderPage, uploadPage]) {
      expect(await pageOutcome(page.loader, `/app/admin/cycles/${org.cycleId}/questions`, org.M, { params })).toEqual({ status: 403 });
      expect(await pageOutcome(page.loader, "/app/admin/cycles/999999/questions", org.admin, { params: { cycleId: "999999" } })).toEqual({ status: 404 });
    }
  });
});
