/**
 * Issue 27: the 360 feedback form's loader (/app/performance/spu-feedback/feedback/{email}?cycle_id=) reads what it
 * shows in at most 3 database round trips of its own (the session and shell reads of the frame are counted apart, in
 * platform-reads.test.ts): the cycle list of the selector and one statement for the cycle, the reviewee, my Feedback
 * row and the questionnaire (feedback/service.server.ts getMyFeedback). The answers are those of the API (feedback.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { saveFeedbackDraft } from "~/features/feedback/service.server";
import { requireUser } from "~/platform/auth.server";
import * as formRoute from "~/routes/app.performance.spu-feedback.feedback.$email._index";
import * as viewRoute from "~/routes/app.performance.spu-feedback.feedback.$email.view";
import { sessionCookieFor } from "../support/session";
import { createReviewOrg, moveCycleTo, type ReviewOrg } from "../support/review-org";
import { startTestWorker } from "../support/worker";
import { loadPageWithin, pageRefusal } from "../support/page-load";

let stopWorker: () => Promise<void>;
let org: ReviewOrg;

beforeAll(async () => {
  stopWorker = (await startTestWorker()).stop;
  org = await createReviewOrg("FormReads");
  await moveCycleTo(org, "start");
  await moveCycleTo(org, "spu_feedback");
});
afterAll(async () => {
  await stopWorker?.();
});

describe("the 360 feedback form's loader", () => {
  it("reads the form (questions of my reviewer type, my answers) in at most 3 round trips; the read-back page too", async () => {
    const cookie = await sessionCookieFor(org.P.id);
    const path = `/app/performance/spu-feedback/feedback/${encodeURIComponent(org.A.email)}?cycle_id=${org.cycleId}`;
    const form = await loadPageWithin(formRoute.loader, path, cookie, { params: { email: org.A.email } });
    expect(form.cycle.id).toBe(org.cycleId);
    expect(form.feedback).toMatchObject({ reviewee: { email: org.A.email, name: org.A.name }, reviewer_type: "PEER", status: "not_started", answers: {}, open: true });
    expect(form.feedback.questions.map((q) => q.id)).toEqual(DEFAULT_QUESTIONNAIRE.PEER!.map((q) => q.id));

    // With a draft: the stored answers come back, still within 3.
    const current = await requireUser(new Request("http://127.0.0.1/", { headers: { Cookie: cookie } }));
    await saveFeedbackDraft(current, org.cycleId, org.A.email, { strengths: "Calm under pressure", overall_impact: 4 });
    const drafted = await loadPageWithin(formRoute.loader, path, cookie, { params: { email: org.A.email.toUpperCase() } });
    expect(drafted.feedback).toMatchObject({ status: "draft", answers: { strengths: "Calm under pressure", overall_impact: 4 } });

    const view = await loadPageWithin(viewRoute.loader, path.replace("?", "/view?"), cookie, { params: { email: org.A.email } });
    expect(view.feedback.status).toBe("draft");
  });

  it("refuses as before: 404 page for an unknown person, 403 page when not asked", async () => {
    const cookie = await sessionCookieFor(org.P.id);
    const at = (email: string) => `/app/performance/spu-feedback/feedback/${email}?cycle_id=${org.cycleId}`;
    const refused = (email: string) => pageRefusal(formRoute.loader, at(email), cookie, { params: { email } });
    expect((await refused("nobody@test.example.com")).status).toBe(404);
    const notAsked = await refused(org.B.email);
    expect(notAsked.status).toBe(403);
    expect(notAsked.statusText).toBe(`You have not been asked to give feedback to ${org.B.email}`);
  });
});
