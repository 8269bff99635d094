import { parseJsonBody, parseParams, parseQuery } from "~/platform/api.server";
import { created, only, reader, writer, type RouteParams } from "~/platform/api-routes.server";
import { assertSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import type { SessionRole } from "~/features/calibration/rules";
import {
  AdminCycleParams,
  AdminSessionParams,
  CalibrationCyclesResponse,
  CloseSessionsResponse,
  CommentResponse,
  CommentSchema,
  CommentsResponse,
  CycleParams,
  FeedbackSummaryResponse,
  MoveParams,
  MoveResponse,
  MoveSchema,
  ParticipantParams,
  ParticipantResponse,
  PoolQuery,
  PoolResponse,
  PromotionDetailsResponse,
  ProposalResponse,
  ProposalSchema,
  RatingChangeSchema,
  RevisionSchema,
  SessionDetailResponse,
  SessionInputSchema,
  SessionListResponse,
  SessionParams,
  SessionParticipantsResponse,
  SessionPatchSchema,
  SessionResponse,
  SessionSetupResponse,
  SignOffSchema,
  ForcedCloseSchema,
  type MemberRole,
} from "~/features/calibration/contract.server";
import { activateSession, createSession, cyclesForRole, getSessionSetup, listSessions, sessionParticipantsPool, updateSession } from "~/features/calibration/sessions.server";
import { addComment, adminCloseSessions, changeRating, moveParticipants, progressToReview, proposeRating, signOff, terminateParticipant } from "~/features/calibration/meeting.server";
import { getParticipantDetail, getPromotionDetails, getSessionAs, getSessionDetail, getSessionParticipant, listComments } from "~/features/calibration/views.server";

/**
 * Loaders and actions of the calibration API routes (contract.server.ts), one factory per call and
 * role, so each route module is a few lines: `export const loader = sessionDetailLoader("panelist")`.
 * The admin's paths name the cycle `{id}` (admin/cycles/{id}/...) and need a super admin; every other
 * path names it `{cycle_id}`, and the services check the role in the session (403) and its state (409).
 */

type Owner = "hr_partner" | "admin";
type Params = RouteParams;

/** The cycle of an owner's path (admin: super admin only). */
function ownerCycle(owner: Owner, current: CurrentUser, params: Params): number {
  if (owner === "hr_partner") return parseParams(params, CycleParams).cycle_id;
  assertSuperAdmin(current);
  return parseParams(params, AdminCycleParams).id;
}

/** The cycle and session of a path (admin: super admin only). */
function sessionRef(role: SessionRole, current: CurrentUser, params: Params): [cycleId: number, sessionId: number] {
  if (role === "admin") {
    assertSuperAdmin(current);
    const p = parseParams(params, AdminSessionParams);
    return [p.id, p.session_id];
  }
  const p = parseParams(params, SessionParams);
  return [p.cycle_id, p.session_id];
}

function participantRef(params: Params): [cycleId: number, sessionId: number, participantId: number] {
  const p = parseParams(params, ParticipantParams);
  return [p.cycle_id, p.session_id, p.participant_id];
}

// ---------------------------------------------------------------------------------------------
// Any role

/** GET /api/v1/{namespace}/cycles: the cycles where the user holds the role. */
export const roleCyclesLoader = (role: SessionRole) => reader(async (current) => CalibrationCyclesResponse.parse({ cycles: await cyclesForRole(current, role) }));

/** GET the cycle's sessions where the user holds the role (admin: all of them). */
export const sessionsLoader = (role: SessionRole) =>
  reader(async (current, _request, params) => {
    const cycleId = role === "admin" ? ownerCycle(role, current, params) : parseParams(params, CycleParams).cycle_id;
    return SessionListResponse.parse({ calibration_sessions: await listSessions(current, role, cycleId) });
  });

/** GET .../{session_id}: the session as the role reads it. */
export const sessionDetailLoader = (role: MemberRole | "admin") =>
  reader(async (current, _request, params) => SessionDetailResponse.parse(await getSessionDetail(current, role, ...sessionRef(role, current, params))));

/** GET .../participants (admin: .../session_participants): the session's participants. */
export const sessionParticipantsLoader = (role: MemberRole | "admin") =>
  reader(async (current, _request, params) => {
    const detail = await getSessionDetail(current, role, ...sessionRef(role, current, params));
    return SessionParticipantsResponse.parse({ participants: detail.participants });
  });

// ---------------------------------------------------------------------------------------------
// Members: reads of a participant, comments

export const feedbackSummaryLoader = (role: MemberRole) =>
  reader(async (current, _request, params) => FeedbackSummaryResponse.parse((await getParticipantDetail(current, role, ...participantRef(params))).feedback_summary));

export const promotionDetailsLoader = (role: MemberRole) =>
  reader(async (current, _request, params) => PromotionDetailsResponse.parse(await getPromotionDetails(current, role, ...participantRef(params))));

/** [cycleId, sessionId, participantId | null] of a comments path (the session's thread or a participant's). */
function threadRef(thread: "session" | "participant", params: Params): [number, number, number | null] {
  if (thread === "participant") return participantRef(params);
  const p = parseParams(params, SessionParams);
  return [p.cycle_id, p.session_id, null];
}

export const commentsLoader = (role: MemberRole, thread: "session" | "participant") =>
  reader(async (current, _request, params) => CommentsResponse.parse({ comments: await listComments(current, role, ...threadRef(thread, params)) }));

/** POST a comment → 201 { comment } (the created one). */
export const commentsAction = (role: MemberRole, thread: "session" | "participant") =>
  writer("POST", ["GET", "POST"], async (current, request, params) => {
    const ref = threadRef(thread, params);
    const body = await parseJsonBody(request, CommentSchema);
    const { id } = await addComment(current, role, ...ref, body);
    const comment = (await listComments(current, role, ...ref)).find((c) => c.id === id);
    return created(CommentResponse, { comment });
  });

// ---------------------------------------------------------------------------------------------
// Session admin

/** PATCH .../participants/{participant_id} {calibrated_rating?, potential?, reason} → { participant }. */
export const ratingChangeAction = writer("PATCH", ["PATCH"], async (current, request, params) => {
  const ref = participantRef(params);
  const body = await parseJsonBody(request, RatingChangeSchema);
  await changeRating(current, ...ref, body);
  return ParticipantResponse.parse({ participant: await getSessionParticipant(current, "session_admin", ...ref) });
});

/** PATCH .../participants/{participant_id}/terminate_participant → { participant }. */
export const terminateAction = writer("PATCH", ["PATCH"], async (current, _request, params) => {
  const ref = participantRef(params);
  await terminateParticipant(current, ...ref);
  return ParticipantResponse.parse({ participant: await getSessionParticipant(current, "session_admin", ...ref) });
});

/** POST .../move_participants_to/{target_session_id} {participant_ids} → { moved, target_session_id }. */
export const moveAction = writer("POST", ["POST"], async (current, request, params) => {
  const p = parseParams(params, MoveParams);
  const body = await parseJsonBody(request, MoveSchema);
  return MoveResponse.parse(await moveParticipants(current, p.cycle_id, p.session_id, p.target_session_id, body));
});

/** PATCH .../progress_to_review → { calibration_session }. */
export const progressToReviewAction = writer("PATCH", ["PATCH"], async (current, _request, params) => {
  const ref = sessionRef("session_admin", current, params);
  await progressToReview(current, ...ref);
  return SessionResponse.parse({ calibration_session: await getSessionAs(current, "session_admin", ...ref) });
});

// ---------------------------------------------------------------------------------------------
// Panelist, sign-off party

/** POST .../participants/{participant_id}/calibration_rating {rating, justification} → 201 { proposal }. */
export const proposalAction = writer("POST", ["POST"], async (current, request, params) => {
  const ref = participantRef(params);
  const body = await parseJsonBody(request, ProposalSchema);
  return created(ProposalResponse, { proposal: await proposeRating(current, ...ref, body) });
});

/** PATCH .../progress_to_close {comment?} or .../progress_to_revision_requested {comment} → { calibration_session }. */
export const signOffAction = (outcome: "close" | "revision") =>
  writer("PATCH", ["PATCH"], async (current, request, params) => {
    const ref = sessionRef("sign_off", current, params);
    const body = await parseJsonBody(request, outcome === "close" ? SignOffSchema : RevisionSchema);
    await signOff(current, ...ref, outcome, body);
    return SessionResponse.parse({ calibration_session: await getSessionAs(current, "sign_off", ...ref) });
  });

// ---------------------------------------------------------------------------------------------
// Owners: the HR partner who creates a session, the super admin

/** POST .../calibration_sessions (SessionInput) → 201 { calibration_session }. */
export const createSessionAction = (owner: Owner) =>
  writer("POST", ["GET", "POST"], async (current, request, params) => {
    const cycleId = ownerCycle(owner, current, params);
    const body = await parseJsonBody(request, SessionInputSchema);
    return created(SessionResponse, { calibration_session: await createSession(current, owner, cycleId, body) });
  });

/** GET .../{session_id}: the HR partner reads the session's setup; the admin everything in it. */
export const ownerSessionLoader = (owner: Owner) =>
  reader(async (current, _request, params) => {
    const ref = sessionRef(owner, current, params);
    if (owner === "admin") return SessionDetailResponse.parse(await getSessionDetail(current, "admin", ...ref));
    return SessionSetupResponse.parse(await getSessionSetup(current, owner, ...ref));
  });

/** PATCH .../{session_id} (SessionPatch) → { calibration_session }. */
export const updateSessionAction = (owner: Owner) =>
  writer("PATCH", ["GET", "PATCH"], async (current, request, params) => {
    const ref = sessionRef(owner, current, params);
    const body = await parseJsonBody(request, SessionPatchSchema);
    return SessionResponse.parse({ calibration_session: await updateSession(current, owner, ...ref, body) });
  });

/** PATCH .../{session_id}/activate → { calibration_session }. */
export const activateAction = (owner: Owner) =>
  writer("PATCH", ["PATCH"], async (current, _request, params) => SessionResponse.parse({ calibration_session: await activateSession(current, owner, ...sessionRef(owner, current, params)) }));

/** GET the cycle's participants with their session (?not_in_session=true: those still to place). */
export const poolLoader = (owner: Owner) =>
  reader(async (current, request, params) => {
    const cycleId = ownerCycle(owner, current, params);
    const { not_in_session } = parseQuery(request, PoolQuery);
    return PoolResponse.parse({ participants: await sessionParticipantsPool(current, owner, cycleId, { notInSession: not_in_session === "true" }) });
  });

/** PATCH admin/cycles/{id}/calibration_sessions/close_all | close_in_review {reason?} → { closed_session_ids } (422 gap_reason_required: ADR 0120). */
export const closeSessionsAction = (which: "all" | "in_review") =>
  writer("PATCH", ["PATCH"], async (current, request, params) => {
    const cycleId = ownerCycle("admin", current, params);
    const { reason } = await parseJsonBody(request, ForcedCloseSchema);
    return CloseSessionsResponse.parse(await adminCloseSessions(current, cycleId, which, "RATING", reason));
  });

export { only };
