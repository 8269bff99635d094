/** Home as a to-do list (ADR 0036): which items the facts make, their deadlines, links and order. */
import { describe, expect, it } from "vitest";
import { buildHomeItems, nextStep, nominationsToDecide, sessionWaitsOn, teamProgress, type HomeFacts } from "~/features/home/rules";
import type { TeamMember } from "~/features/home/types";

const viewer = { name: "Eli Employee", email: "eli@example.com" };
const pat = { name: "Pat Peer", email: "pat@example.com" };
const morgan = { name: "Morgan Manager", email: "morgan@example.com" };

function facts(over: Partial<HomeFacts> = {}): HomeFacts {
  return {
    cycle: { id: 7, stage: "spu_feedback", planned_end_date: "2026-12-18" },
    viewer,
    choosePeers: false,
    peerRequests: [],
    feedback: [],
    notNominated: null,
    endorsements: [],
    sessions: [],
    ...over,
  };
}

describe("buildHomeItems", () => {
  it("makes nothing from no facts", () => {
    expect(buildHomeItems(facts(), "2026-11-25")).toEqual([]);
  });

  it("makes one item per thing to do, each with its page and the cycle's planned end as the deadline", () => {
    const items = buildHomeItems(
      facts({
        feedback: [
          { reviewee: pat, reviewerType: "peer" },
          { reviewee: viewer, reviewerType: "self" },
          { reviewee: morgan, reviewerType: "direct_report" },
        ],
      }),
      "2026-11-25",
    );
    expect(items.map((i) => [i.kind, i.title, i.link])).toEqual([
      ["write_self_review", "Write your self review", "/app/performance/spu-feedback/feedback/eli%40example.com?cycle_id=7"],
      ["write_feedback", "Give peer feedback to Pat Peer", "/app/performance/spu-feedback/feedback/pat%40example.com?cycle_id=7"],
      ["write_feedback", "Give upward feedback to Morgan Manager", "/app/performance/spu-feedback/feedback/morgan%40example.com?cycle_id=7"],
    ]);
    expect(items.every((i) => i.deadline === "2026-12-18" && i.deadline_source === "cycle" && !i.overdue)).toBe(true);
  });

  it("start stage: choosing peers and answering requests lead to the peer selection page", () => {
    const items = buildHomeItems(facts({ cycle: { id: 3, stage: "start", planned_end_date: null }, choosePeers: true, peerRequests: [{ id: 9, participant: pat }] }), "2026-11-25");
    expect(items.map((i) => i.kind)).toEqual(["choose_peers", "answer_peer_request"]);
    expect(items.map((i) => i.link)).toEqual(["/app/performance/peer-finalization?cycle_id=3", "/app/performance/peer-finalization?cycle_id=3"]);
    expect(items[1]!.title).toBe("Accept or decline Pat Peer's feedback request");
    expect(items.every((i) => i.deadline === null && !i.overdue)).toBe(true);
  });

  it("manager feedback and nominations lead to the manager's pages", () => {
    const items = buildHomeItems(facts({ cycle: { id: 4, stage: "manager_feedback", planned_end_date: "2026-12-01" }, feedback: [{ reviewee: viewer, reviewerType: "manager" }], notNominated: 2 }), "2026-11-25");
    expect(items.map((i) => [i.kind, i.link])).toEqual([
      ["write_manager_feedback", "/app/my-reportees/eli%40example.com/feedback?cycle_id=4"],
      ["nominate", "/app/my-reportees/feedbacks?cycle_id=4"],
    ]);
    expect(items[1]!.detail).toBe("2 direct reports are not nominated (nominating is optional)");
  });

  it("endorsements and sessions carry their own deadline, and come before later ones; overdue ones first", () => {
    const items = buildHomeItems(
      facts({
        cycle: { id: 5, stage: "calibration", planned_end_date: "2026-11-30" },
        endorsements: [
          { id: 11, status: "requested", deadline: "2026-11-28", nominee: pat },
          { id: 12, status: "accepted", deadline: "2026-11-20", nominee: morgan },
        ],
        sessions: [
          { id: 21, name: "Eng", kind: "RATING", role: "panelist", deadline: null },
          { id: 22, name: "Promo", kind: "PROMOTION", role: "sign_off", deadline: "2026-11-26" },
          { id: 23, name: "Draft", kind: "RATING", role: "hr_partner", deadline: null },
          { id: 24, name: "Ops", kind: "RATING", role: "session_admin", deadline: null },
        ],
      }),
      "2026-11-25",
    );
    expect(items.map((i) => [i.kind, i.deadline, i.deadline_source, i.overdue])).toEqual([
      ["write_endorsement", "2026-11-20", "endorsement", true],
      ["sign_off_session", "2026-11-26", "session", false],
      ["answer_endorsement", "2026-11-28", "endorsement", false],
      ["activate_session", "2026-11-30", "cycle", false],
      ["run_session", "2026-11-30", "cycle", false],
      ["review_session", "2026-11-30", "cycle", false],
    ]);
    expect(items.map((i) => i.link)).toEqual([
      "/app/promotions/endorsements/12/endorse?cycle_id=5",
      "/app/promotions/sign-off-party/sessions/22?cycle_id=5",
      "/app/promotions/endorsements/11/endorse?cycle_id=5",
      "/app/ratings/hr-partners/sessions/23/edit?cycle_id=5",
      "/app/session-admin/calibration-sessions/24?cycle_id=5",
      "/app/ratings/calibration-panelist/sessions/21?cycle_id=5",
    ]);
    expect(items[1]).toMatchObject({ title: "Sign off the promotion calibration session 'Promo'", kind_label: "Promotion calibration" });
    expect(items[0]!.title).toBe("Write your endorsement for Morgan Manager");
  });
});

describe("when sessions and nominations wait on someone", () => {
  it("HR partners activate drafts, panelists act while active or sent back, sign-off parties while in review", () => {
    expect(sessionWaitsOn("RATING", "draft", "hr_partner")).toBe(true);
    expect(sessionWaitsOn("PROMOTION", "active", "hr_partner")).toBe(false);
    expect(["draft", "active", "in_review", "revision_requested", "closed"].filter((s) => sessionWaitsOn("RATING", s as never, "panelist"))).toEqual(["active", "revision_requested"]);
    expect(["draft", "active", "in_review", "revision_requested", "closed"].filter((s) => sessionWaitsOn("PROMOTION", s as never, "panelist"))).toEqual(["active", "revision_requested"]);
    expect(["draft", "active", "in_review", "revision_requested", "closed"].filter((s) => sessionWaitsOn("PROMOTION", s as never, "sign_off"))).toEqual(["in_review"]);
  });

  it("nominations: only in the manager feedback stage, while manager feedback is owed and someone is not nominated", () => {
    expect(nominationsToDecide("manager_feedback", true, 3)).toBe(3);
    expect(nominationsToDecide("manager_feedback", false, 3)).toBeNull();
    expect(nominationsToDecide("manager_feedback", true, 0)).toBeNull();
    expect(nominationsToDecide("spu_feedback", true, 3)).toBeNull();
  });
});

describe("what comes next and the team", () => {
  it("says what comes next in each stage; the report link in communication, for someone who received feedback", () => {
    expect(nextStep({ id: 1, state: "spu_feedback", start_date: "2026-10-01", planned_end_date: "2026-12-18" })).toEqual({
      text: "Next: manager feedback and promotion nominations, in the manager feedback stage. The cycle is planned to end on 2026-12-18.",
      link: null,
    });
    expect(nextStep({ id: 1, state: "draft", start_date: "2027-01-04", planned_end_date: null }).text).toBe("The cycle starts on 2027-01-04. Peer selection opens then.");
    expect(nextStep({ id: 2, state: "communication", start_date: null, planned_end_date: "2026-06-30" })).toEqual({
      text: "This cycle is complete: your Performance Cycle Report is ready.",
      link: "/app/performance/final-assessment?cycle_id=2",
    });
    expect(nextStep({ id: 2, state: "communication", start_date: null, planned_end_date: null }, false)).toEqual({ text: "This cycle is complete.", link: null });
    expect(nextStep({ id: 3, state: "calibration", start_date: null, planned_end_date: null }).link).toBeNull();
  });

  it("counts the team's progress over the reports who receive feedback", () => {
    const member = (name: string, over: Partial<TeamMember>): TeamMember => ({
      email: `${name}@x`,
      name,
      job_title: null,
      reviewer_only: false,
      self_review: "not_started",
      peer_selection: { state: "not_chosen", requested: 0, accepted: 0, declined: 0 },
      manager_feedback: "not_started",
      ...over,
    });
    const t = teamProgress(
      [
        member("a", { self_review: "submitted", peer_selection: { state: "chosen", requested: 1, accepted: 2, declined: 0 }, manager_feedback: "submitted" }),
        member("b", { self_review: "draft" }),
        member("c", { reviewer_only: true, self_review: "not_requested", peer_selection: { state: "not_applicable", requested: 0, accepted: 0, declined: 0 }, manager_feedback: "not_applicable" }),
      ],
      9,
    );
    expect(t).toMatchObject({ total: 3, reviewed: 2, self_reviews_submitted: 1, peers_chosen: 1, manager_feedback_submitted: 1, link: "/app/my-reportees?cycle_id=9" });
  });
});
