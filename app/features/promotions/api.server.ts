import { parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { created, only, reader, writer, type RouteParams } from "~/platform/api-routes.server";
import { assertSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { getDb } from "~/platform/db.server";
import type { SessionRole } from "~/features/calibration/rules";
import type { EndorsementAction } from "~/features/promotions/rules";
import {
  AdminCycleParams,
  AdminSessionParams,
  AnswerParams,
  CloseSessionsResponse,
  CommentResponse,
  CommentSchema,
  CommentsResponse,
  CycleParams,
  CycleQuery,
  DashboardResponse,
  DecisionResponse,
  DecisionSchema,
  EndorseSchema,
  EndorsementDetailResponse,
  EndorsementParams,
  EndorsementRequestSchema,
  EndorsementResponse,
  EndorsementsResponse,
  FeedbackSummaryResponse,
  NominationParams,
  NominationPoolResponse,
  PoolQuery,
  PromotionCyclesResponse,
  PromotionSessionDetailResponse,
  PromotionSessionInputSchema,
  PromotionSessionListResponse,
  PromotionSessionPatchSchema,
  PromotionSessionResponse,
  RejectSchema,
  SessionParams,
  TransitionBodySchema,
  ForcedCloseSchema,
  VoteResponse,
  VoteSchema,
  type PromotionNamespaceRole,
} from "~/features/promotions/contract.server";
import { runnerRole } from "~/features/promotions/model.server";
import { answerEndorsement, getEndorsement, listMyEndorsements, requestEndorsements } from "~/features/promotions/endorsements.server";
import {
  adminClosePromotionSessions,
  createPromotionSession,
  listNominationPool,
  listPromotionSessions,
  promotionCycles,
  transitionPromotionSession,
  updatePromotionSession,
  type Owner,
} from "~/features/promotions/sessions.server";
import {
  addNominationComment,
  castVote,
  decideNomination,
  getPromotionSessionDetail,
  listNominationComments,
  nomineeFeedbackSummary,
} from "~/features/promotions/meeting.server";
import { getPromotionDashboard } from "~/features/promotions/dashboard.server";

/**
 * Loaders and actions of the promotion API routes (contract.server.ts), one factory per call and role,
 * so each route module is a few lines: `export const loader = sessionDetailLoader("panelist")`. The
 * admin's paths name the cycle `{id}` (admin/cycles/{id}/...) and need a super admin; every other path
 * names it `{cycle_id}`, and the services check the person (403) and the state (409).
 *
 * The `hr_partner` paths of a session serve whoever runs it: the HR partner who created it, else its
 * session admin (`runnerRole`); its list, create and edit are the HR partner's own.
 */

type Params = RouteParams;

/** The cycle of an owner's path (admin: super admin only). */
function ownerCycle(owner: Owner, current: CurrentUser, params: Params): number {
  if (owner === "hr_partner") return parseParams(params, CycleParams).cycle_id;
  assertSuperAdmin(current);
  return parseParams(params, AdminCycleParams).id;
}

/** The cycle and session of a path (admin: super admin only). */
function sessionRef(scope: "member" | "admin", current: CurrentUser, params: Params): [cycleId: number, sessionId: number] {
  if (scope === "admin") {
    assertSuperAdmin(current);
    const p = parseParams(params, AdminSessionParams);
    return [p.id, p.session_id];
  }
  const p = parseParams(params, SessionParams);
  return [p.cycle_id, p.session_id];
}

function nominationRef(params: Params): [cycleId: number, sessionId: number, nominationId: number] {
  const p = parseParams(params, NominationParams);
  return [p.cycle_id, p.session_id, p.nomination_id];
}

/** The role a namespace's path reads the session as: the panelist, the sign-off party, or whoever runs it. */
async function roleOf(ns: PromotionNamespaceRole, current: CurrentUser, cycleId: number, sessionId: number): Promise<SessionRole> {
  return ns === "hr_partner" ? runnerRole(await getDb(), current, cycleId, sessionId) : ns;
}

// ---------------------------------------------------------------------------------------------
// The endorser

/** GET /api/v1/endorsements?cycle_id=: my endorsement requests. */
export const myEndorsementsLoader = reader(async (current, request) => {
  const { cycle_id } = parseQuery(request, CycleQuery);
  return EndorsementsResponse.parse({ endorsements: await listMyEndorsements(current, cycle_id) });
});

/** GET cycles/{cycle_id}/endorsements/{endorsement_id}: one request (the endorser, the session's members, admins). */
export const endorsementLoader = reader(async (current, _request, params) => {
  const p = parseParams(params, EndorsementParams);
  return EndorsementDetailResponse.parse({ endorsement: await getEndorsement(current, p.cycle_id, p.endorsement_id) });
});

const ANSWER_BODY = { accept: null, reject: RejectSchema, endorse: EndorseSchema } as const;

/** POST cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/{accept|reject|endorse} → { endorsement }. */
export const answerAction = (action: EndorsementAction) =>
  writer("POST", ["POST"], async (current, request, params) => {
    const p = parseParams(params, AnswerParams);
    const schema = ANSWER_BODY[action];
    const body = schema ? await parseJsonBody(request, schema) : {};
    return EndorsementResponse.parse({ endorsement: await answerEndorsement(current, p.cycle_id, p.nomination_id, p.endorser_id, action, body) });
  });

// ---------------------------------------------------------------------------------------------
// Every role that reads sessions

/** GET /api/v1/{ns}/promotion_cycles: the cycles where the user has promotion work in the role. */
export const promotionCyclesLoader = (role: PromotionNamespaceRole) => reader(async (current) => PromotionCyclesResponse.parse({ cycles: await promotionCycles(current, role) }));

/** GET the cycle's promotion sessions where the user holds the role (admin: all of them). */
export const sessionsLoader = (role: PromotionNamespaceRole | "admin") =>
  reader(async (current, _request, params) => {
    const cycleId = role === "admin" ? ownerCycle("admin", current, params) : parseParams(params, CycleParams).cycle_id;
    return PromotionSessionListResponse.parse({ promotion_calibration_sessions: await listPromotionSessions(current, role, cycleId) });
  });

/** GET .../{session_id}: the session as the role reads it (hr_partner: whoever runs it). */
export const sessionDetailLoader = (role: PromotionNamespaceRole | "admin") =>
  reader(async (current, _request, params) => {
    if (role === "admin") return PromotionSessionDetailResponse.parse(await getPromotionSessionDetail(current, "admin", ...sessionRef("admin", current, params)));
    const ref = sessionRef("member", current, params);
    return PromotionSessionDetailResponse.parse(await getPromotionSessionDetail(current, await roleOf(role, current, ...ref), ...ref));
  });

/** GET .../promotion_nominations/{nomination_id}/comments → { comments }. */
export const commentsLoader = (ns: PromotionNamespaceRole) =>
  reader(async (current, _request, params) => {
    const [cycleId, sessionId, nominationId] = nominationRef(params);
    const role = await roleOf(ns, current, cycleId, sessionId);
    return CommentsResponse.parse({ comments: await listNominationComments(current, role, cycleId, sessionId, nominationId) });
  });

/** POST a comment on the nomination → 201 { comment } (the created one). */
export const commentsAction = (ns: PromotionNamespaceRole) =>
  writer("POST", ["GET", "POST"], async (current, request, params) => {
    const [cycleId, sessionId, nominationId] = nominationRef(params);
    const body = await parseJsonBody(request, CommentSchema);
    const role = await roleOf(ns, current, cycleId, sessionId);
    const { id } = await addNominationComment(current, role, cycleId, sessionId, nominationId, body);
    const comment = (await listNominationComments(current, role, cycleId, sessionId, nominationId)).find((c) => c.id === id);
    return created(CommentResponse, { comment });
  });

/** GET .../promotion_nominations/{nomination_id}/feedbacks_summary: the nominee's feedback summary. */
export const feedbackSummaryLoader = (ns: PromotionNamespaceRole) =>
  reader(async (current, _request, params) => {
    const [cycleId, sessionId, nominationId] = nominationRef(params);
    return FeedbackSummaryResponse.parse(await nomineeFeedbackSummary(current, await roleOf(ns, current, cycleId, sessionId), cycleId, sessionId, nominationId));
  });

// ---------------------------------------------------------------------------------------------
// Running a session: endorsers, votes, decisions, transitions

/** POST .../promotion_nominations/{nomination_id}/endorsements {endorser_ids, deadline?} → 201 { endorsements } (the requests sent now). */
export const requestEndorsementsAction = writer("POST", ["POST"], async (current, request, params) => {
  const ref = nominationRef(params);
  const body = await parseJsonBody(request, EndorsementRequestSchema);
  return created(EndorsementsResponse, { endorsements: await requestEndorsements(current, ...ref, body) });
});

/** POST .../promotion_nominations/{nomination_id}/vote {vote, note?} → { vote }. */
export const voteAction = writer("POST", ["POST"], async (current, request, params) => {
  const ref = nominationRef(params);
  const body = await parseJsonBody(request, VoteSchema);
  return VoteResponse.parse({ vote: await castVote(current, ...ref, body) });
});

/** PATCH .../promotion_nominations/{nomination_id}/decision {decision, reason} → { decision, changed }. */
export const decisionAction = writer("PATCH", ["PATCH"], async (current, request, params) => {
  const ref = nominationRef(params);
  const body = await parseJsonBody(request, DecisionSchema);
  return DecisionResponse.parse(await decideNomination(current, ...ref, body));
});

/**
 * PATCH .../{session_id}/transition?event= {comment?} → { promotion_calibration_session }. The event is
 * not parsed here: the service answers 409 for an unknown or missing one.
 */
export const transitionAction = (scope: "member" | "admin") =>
  writer("PATCH", ["PATCH"], async (current, request, params) => {
    const ref = sessionRef(scope, current, params);
    const event = new URL(request.url).searchParams.get("event");
    const body = await parseJsonBody(request, TransitionBodySchema);
    return PromotionSessionResponse.parse({ promotion_calibration_session: await transitionPromotionSession(current, scope, ...ref, event, body) });
  });

// ---------------------------------------------------------------------------------------------
// Owners: the HR partner who creates a session, the super admin

/** POST .../promotion_calibration_sessions (PromotionSessionInput) → 201 { promotion_calibration_session }. */
export const createSessionAction = (owner: Owner) =>
  writer("POST", ["GET", "POST"], async (current, request, params) => {
    const cycleId = ownerCycle(owner, current, params);
    const body = await parseJsonBody(request, PromotionSessionInputSchema);
    return created(PromotionSessionResponse, { promotion_calibration_session: await createPromotionSession(current, owner, cycleId, body) });
  });

/** PATCH .../{session_id} (PromotionSessionPatch) → { promotion_calibration_session }. */
export const updateSessionAction = (owner: Owner) =>
  writer("PATCH", ["GET", "PATCH"], async (current, request, params) => {
    const ref = sessionRef(owner === "admin" ? "admin" : "member", current, params);
    const body = await parseJsonBody(request, PromotionSessionPatchSchema);
    return PromotionSessionResponse.parse({ promotion_calibration_session: await updatePromotionSession(current, owner, ...ref, body) });
  });

/** GET the cycle's nominations with their session (?not_in_session=true: those still to place). */
export const poolLoader = (owner: Owner) =>
  reader(async (current, request, params) => {
    const cycleId = ownerCycle(owner, current, params);
    const { not_in_session } = parseQuery(request, PoolQuery);
    return NominationPoolResponse.parse({ promotion_nominations: await listNominationPool(current, owner, cycleId, { notInSession: not_in_session === "true" }) });
  });

/** PATCH admin/cycles/{id}/promotion_calibration_sessions/close_all → { closed_session_ids }. */
export const closeAllAction = writer("PATCH", ["PATCH"], async (current, request, params) => {
  const cycleId = ownerCycle("admin", current, params);
  const { reason } = await parseJsonBody(request, ForcedCloseSchema);
  return CloseSessionsResponse.parse(await adminClosePromotionSessions(current, cycleId, reason));
});

/** GET admin/promotion_dashboard?cycle_id= (super admin). */
export const dashboardLoader = reader(async (current, request) => {
  assertSuperAdmin(current);
  const { cycle_id } = parseQuery(request, CycleQuery);
  return DashboardResponse.parse(await getPromotionDashboard(current, cycle_id ?? null));
});

export { only };
