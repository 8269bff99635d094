/**
 * Home as a to-do list (ADR 0036). PURE module: which items the viewer's facts make, their titles,
 * deadlines, links and order, the team's progress counts and what comes next in the cycle. The facts
 * come from app/features/home/service.server.ts, which takes the work the nudges remind of from the
 * nudges' own functions (app/features/nudges/pending-work.server.ts), so the list and the nudges agree.
 */
import { nextStage, type CycleStage } from "~/features/cycles/rules";
import { spuFeedbackPath } from "~/features/feedback/rules";
import { REPORTEE_PATHS, MANAGER_FEEDBACK_STATE_LABELS } from "~/features/manager-review/rules";
import type { ReviewerTypeValue } from "~/features/participants/rules";
import { may, sessionLink, type SessionRole, type SessionState } from "~/features/calibration/rules";
import { mayPromotion } from "~/features/promotions/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import {
  HOME_ITEM_KINDS,
  type DeadlineSource,
  type HomeItem,
  type HomeItemKind,
  type HomeMessage,
  type NextStep,
  type PeerSelectionState,
  type SelfReviewState,
  type TeamManagerFeedbackState,
  type TeamMember,
  type TeamProgress,
} from "~/features/home/types";

type Person = { name: string; email: string };
type SessionKind = "RATING" | "PROMOTION";

/** The roles in which a session can wait on someone (a super admin's "admin" role is not a to-do). */
export type WaitingRole = Extract<SessionRole, "hr_partner" | "session_admin" | "panelist" | "sign_off">;

/** What the service found for the viewer in one cycle (each list already limited to the viewer). */
export type HomeFacts = {
  cycle: { id: number; stage: CycleStage; planned_end_date: string | null };
  viewer: Person;
  /** The viewer still has to choose peers (nudges' peerChoicesOwed). */
  choosePeers: boolean;
  /** Peer requests the viewer has not answered (nudges' peerRequestsOwed). */
  peerRequests: Array<{ id: number; participant: Person }>;
  /** Feedback the viewer owes in the current feedback stage (nudges' feedbackOwed). */
  feedback: Array<{ reviewee: Person; reviewerType: ReviewerTypeValue }>;
  /** Direct reports who receive feedback and are not nominated (manager feedback stage only), or null. */
  notNominated: number | null;
  /** Open endorsement requests to the viewer (requested: accept or decline; accepted: write it). */
  endorsements: Array<{ id: number; status: "requested" | "accepted"; deadline: string | null; nominee: Person }>;
  /** Sessions waiting on the viewer, with the role they wait on (calibration stage only). */
  sessions: Array<{ id: number; name: string; kind: SessionKind; role: WaitingRole; deadline: string | null }>;
};

// ---------------------------------------------------------------------------------------------
// Sessions and nominations: when they wait on someone

/**
 * Does a session in `state` wait on someone in `role`? The HR partner who created it activates a draft;
 * panelists propose ratings (vote, in a promotion session) while it is active or sent back; the sign-off
 * party signs off while it is in review: the states the calibration and promotion rules allow those
 * actions in. Session admins are the nudges' rule (an admin of any session not closed), not decided here.
 */
export function sessionWaitsOn(kind: SessionKind, state: SessionState, role: Exclude<WaitingRole, "session_admin">): boolean {
  switch (role) {
    case "hr_partner":
      return kind === "PROMOTION" ? mayPromotion([role], "activate", state) : may([role], "activate", state);
    case "panelist":
      return kind === "PROMOTION" ? mayPromotion([role], "vote", state) : may([role], "propose_rating", state);
    case "sign_off":
      return kind === "PROMOTION" ? mayPromotion([role], "sign_off", state) : may([role], "sign_off", state);
  }
}

/**
 * Promotion nominations are optional and nothing records "decided not to nominate", so the item asks for the
 * decision while the manager's review of the team is open: in the manager feedback stage, while the manager
 * still owes manager feedback and some report who receives feedback is not nominated. The count, or null.
 */
export function nominationsToDecide(stage: CycleStage, owesManagerFeedback: boolean, notNominated: number): number | null {
  return stage === "manager_feedback" && owesManagerFeedback && notNominated > 0 ? notNominated : null;
}

// ---------------------------------------------------------------------------------------------
// Items

export const KIND_LABELS: Record<HomeItemKind, string> = {
  choose_peers: "Peer selection",
  answer_peer_request: "Feedback request",
  write_self_review: "Self review",
  write_feedback: "360 feedback",
  write_manager_feedback: "Manager feedback",
  nominate: "Promotion nominations",
  answer_endorsement: "Endorsement request",
  write_endorsement: "Endorsement",
  activate_session: "Rating calibration",
  run_session: "Rating calibration",
  review_session: "Rating calibration",
  sign_off_session: "Rating calibration",
};

const SESSION_KIND: Record<WaitingRole, HomeItemKind> = {
  hr_partner: "activate_session",
  session_admin: "run_session",
  panelist: "review_session",
  sign_off: "sign_off_session",
};

function feedbackTitle(type: ReviewerTypeValue, name: string): string {
  switch (type) {
    case "self":
      return "Write your self review";
    case "direct_report":
      return `Give upward feedback to ${name}`;
    case "matrix_team":
      return `Give feedback to ${name}, your matrix manager`;
    case "matrix_manager":
      return `Give feedback to ${name}, your matrix report`;
    case "manager":
      return `Write manager feedback for ${name}`;
    case "peer":
      return `Give peer feedback to ${name}`;
  }
}

/** The same titles as keys (the page's, issue 28). */
function feedbackMessage(type: ReviewerTypeValue, name: string): HomeMessage {
  const key = ({ self: "home.item.selfReview", direct_report: "home.item.upward", matrix_team: "home.item.matrixManager", matrix_manager: "home.item.matrixReport", manager: "home.item.managerFeedback", peer: "home.item.peerFeedback" } as const)[type];
  return { key, values: { name } };
}

const SESSION_TITLE_KEYS: Record<SessionKind, Record<WaitingRole, TranslationKey>> = {
  RATING: { hr_partner: "home.item.activateSession", session_admin: "home.item.runSession", panelist: "home.item.proposeRatings", sign_off: "home.item.signOffSession" },
  PROMOTION: { hr_partner: "home.item.activatePromotionSession", session_admin: "home.item.runPromotionSession", panelist: "home.item.votePromotionSession", sign_off: "home.item.signOffPromotionSession" },
};

const KIND_KEYS: Record<HomeItemKind, TranslationKey> = {
  choose_peers: "home.kind.choose_peers",
  answer_peer_request: "home.kind.answer_peer_request",
  write_self_review: "home.kind.write_self_review",
  write_feedback: "home.kind.write_feedback",
  write_manager_feedback: "home.kind.write_manager_feedback",
  nominate: "home.kind.nominate",
  answer_endorsement: "home.kind.answer_endorsement",
  write_endorsement: "home.kind.write_endorsement",
  activate_session: "home.kind.ratingCalibration",
  run_session: "home.kind.ratingCalibration",
  review_session: "home.kind.ratingCalibration",
  sign_off_session: "home.kind.ratingCalibration",
};

function sessionTitle(role: WaitingRole, kind: SessionKind, name: string): string {
  const what = kind === "PROMOTION" ? "promotion calibration session" : "calibration session";
  switch (role) {
    case "hr_partner":
      return `Activate the ${what} '${name}'`;
    case "session_admin":
      return `Run the ${what} '${name}'`;
    case "panelist":
      return kind === "PROMOTION" ? `Vote in the ${what} '${name}'` : `Propose ratings in the ${what} '${name}'`;
    case "sign_off":
      return `Sign off the ${what} '${name}'`;
  }
}

/** 'YYYY-MM-DD' of an instant (UTC), or null. */
export function dateOf(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return (typeof value === "string" ? value : value.toISOString()).slice(0, 10);
}

/**
 * The viewer's to-do list: one item per thing to do, each with its deadline (its own, e.g. an endorsement's
 * or a session's, else the cycle's planned end date) and its page, ordered by deadline (none last), then by
 * kind in the order the work comes in a cycle, then by title. `today` is 'YYYY-MM-DD' (UTC).
 */
export function buildHomeItems(facts: HomeFacts, today: string): HomeItem[] {
  const { cycle } = facts;
  const q = `?cycle_id=${cycle.id}`;
  const items: HomeItem[] = [];
  // `message`: the title as a key; `detailMessage`: a detail that is a sentence (one that is an email is data).
  type Own = { deadline: string | null; source: DeadlineSource };
  type Text = { message: HomeMessage; detailMessage?: HomeMessage; label?: [string, TranslationKey] };
  const add = (kind: HomeItemKind, title: string, detail: string | null, link: string, text: Text, own?: Own) => {
    const deadline = own?.deadline ?? cycle.planned_end_date;
    const source: DeadlineSource = own?.deadline ? own.source : "cycle";
    const [label, labelKey] = text.label ?? [KIND_LABELS[kind], KIND_KEYS[kind]];
    items.push({
      kind,
      kind_label: label,
      title,
      detail,
      deadline,
      deadline_source: source,
      overdue: deadline !== null && deadline < today,
      link,
      text: { label: labelKey, title: text.message, detail: text.detailMessage ?? null },
    });
  };

  if (facts.choosePeers) {
    add("choose_peers", "Choose your peers and stakeholders", "Ask the people you worked with to give you feedback", `/app/performance/peer-finalization${q}`, {
      message: { key: "home.item.choosePeers" },
      detailMessage: { key: "home.item.choosePeersDetail" },
    });
  }
  for (const r of facts.peerRequests) {
    const name = r.participant.name;
    add("answer_peer_request", `Accept or decline ${name}'s feedback request`, r.participant.email, `/app/performance/peer-finalization${q}`, { message: { key: "home.item.answerPeerRequest", values: { name } } });
  }
  for (const f of facts.feedback) {
    if (f.reviewerType === "manager") {
      add("write_manager_feedback", feedbackTitle("manager", f.reviewee.name), f.reviewee.email, REPORTEE_PATHS.feedback(f.reviewee.email, cycle.id), { message: feedbackMessage("manager", f.reviewee.name) });
    } else {
      const self = f.reviewerType === "self";
      add(self ? "write_self_review" : "write_feedback", feedbackTitle(f.reviewerType, f.reviewee.name), self ? null : f.reviewee.email, spuFeedbackPath(f.reviewee.email, cycle.id), {
        message: feedbackMessage(f.reviewerType, f.reviewee.name),
      });
    }
  }
  if (facts.notNominated !== null) {
    const n = facts.notNominated;
    add("nominate", "Decide on promotion nominations for your team", `${n} direct ${n === 1 ? "report is" : "reports are"} not nominated (nominating is optional)`, `/app/my-reportees/feedbacks${q}`, {
      message: { key: "home.item.nominate" },
      detailMessage: { key: "home.item.notNominated", values: { count: n } },
    });
  }
  for (const e of facts.endorsements) {
    const own = { deadline: e.deadline, source: "endorsement" as const };
    const link = `/app/promotions/endorsements/${e.id}/endorse${q}`;
    const name = e.nominee.name;
    if (e.status === "requested") add("answer_endorsement", `Accept or decline the endorsement request for ${name}`, e.nominee.email, link, { message: { key: "home.item.answerEndorsement", values: { name } } }, own);
    else add("write_endorsement", `Write your endorsement for ${name}`, e.nominee.email, link, { message: { key: "home.item.writeEndorsement", values: { name } } }, own);
  }
  for (const s of facts.sessions) {
    const kind = SESSION_KIND[s.role];
    const label: [string, TranslationKey] = s.kind === "PROMOTION" ? ["Promotion calibration", "home.kind.promotionCalibration"] : ["Rating calibration", "home.kind.ratingCalibration"];
    add(kind, sessionTitle(s.role, s.kind, s.name), null, sessionLink(s.role, s.id, cycle.id, s.kind), { message: { key: SESSION_TITLE_KEYS[s.kind][s.role], values: { name: s.name } }, label }, { deadline: s.deadline, source: "session" });
  }
  return sortHomeItems(items);
}

const rank = (kind: HomeItemKind) => HOME_ITEM_KINDS.indexOf(kind);

export function compareHomeItems(a: HomeItem, b: HomeItem): number {
  if (a.deadline !== b.deadline) {
    if (a.deadline === null) return 1;
    if (b.deadline === null) return -1;
    return a.deadline < b.deadline ? -1 : 1;
  }
  return rank(a.kind) - rank(b.kind) || a.title.localeCompare(b.title) || a.link.localeCompare(b.link);
}

export function sortHomeItems(items: readonly HomeItem[]): HomeItem[] {
  return [...items].sort(compareHomeItems);
}

// ---------------------------------------------------------------------------------------------
// What comes next (the empty state)

const NEXT_TEXT: Record<CycleStage, string> = {
  draft: "The cycle has not started yet. Peer selection opens when it starts.",
  start: "Next: 360 feedback, once the cycle moves to the SPU feedback stage.",
  spu_feedback: "Next: manager feedback and promotion nominations, in the manager feedback stage.",
  manager_feedback: "Next: rating and promotion calibration, in the calibration stage.",
  calibration: "Next: the results are communicated, and your Performance Cycle Report opens.",
  communication: "This cycle is complete: your Performance Cycle Report is ready.",
};

/**
 * What comes next in the cycle, said by the empty state (and by the API); in communication, the link to the
 * Performance Cycle Report for someone who received feedback in the cycle (`hasReport`).
 */
export function nextStep(cycle: { id: number; state: CycleStage; start_date: string | null; planned_end_date: string | null }, hasReport = true): NextStep {
  let text = NEXT_TEXT[cycle.state];
  if (cycle.state === "draft" && cycle.start_date) text = `The cycle starts on ${cycle.start_date}. Peer selection opens then.`;
  else if (nextStage(cycle.state) && cycle.state !== "draft" && cycle.planned_end_date) text = `${text} The cycle is planned to end on ${cycle.planned_end_date}.`;
  if (cycle.state === "communication" && !hasReport) text = "This cycle is complete.";
  return { text, link: cycle.state === "communication" && hasReport ? `/app/performance/final-assessment?cycle_id=${cycle.id}` : null };
}

// ---------------------------------------------------------------------------------------------
// The team's progress (a manager's direct reports)

export const SELF_REVIEW_LABELS: Record<SelfReviewState, string> = {
  not_requested: "Not requested yet",
  not_started: "Not started",
  draft: "Draft",
  submitted: "Submitted",
};

export const PEER_SELECTION_LABELS: Record<PeerSelectionState, string> = {
  not_chosen: "Not chosen",
  chosen: "Chosen",
  not_applicable: "Not applicable",
};

export const TEAM_MANAGER_FEEDBACK_LABELS: Record<TeamManagerFeedbackState, string> = {
  ...MANAGER_FEEDBACK_STATE_LABELS,
  not_applicable: "Not applicable",
};

/** The counts over the team: each out of the reports who receive feedback (reviewer-only ones give feedback only). */
export function teamProgress(members: TeamMember[], cycleId: number): TeamProgress {
  const reviewed = members.filter((m) => !m.reviewer_only);
  return {
    total: members.length,
    reviewed: reviewed.length,
    self_reviews_submitted: reviewed.filter((m) => m.self_review === "submitted").length,
    peers_chosen: reviewed.filter((m) => m.peer_selection.state === "chosen").length,
    manager_feedback_submitted: reviewed.filter((m) => m.manager_feedback === "submitted").length,
    members,
    link: REPORTEE_PATHS.list(cycleId),
  };
}
