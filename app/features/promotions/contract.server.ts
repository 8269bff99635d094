import { z } from "zod";
import { idCoerced, idNumber, idQuery } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { SESSION_STATES, type SessionRole } from "~/features/calibration/rules";
import { CloseSessionsResponse, CommentResponse, CommentSchema, CommentsResponse, ForcedCloseSchema } from "~/features/calibration/contract.server";
import { FeedbackSummaryResponse } from "~/features/summaries/contract.server";
import { ENDORSEMENT_OUTCOMES, ENDORSEMENT_STATUSES, PROMOTION_ACTIONS, PROMOTION_DECISIONS, PROMOTION_EVENTS } from "~/features/promotions/rules";
import {
  DecisionSchema,
  EndorseSchema,
  EndorsementRequestSchema,
  PromotionSessionInputSchema,
  PromotionSessionPatchSchema,
  RejectSchema,
  TransitionBodySchema,
  VoteSchema,
} from "~/features/promotions/schemas";
import type {
  DashboardJson,
  DecisionChangeJson,
  DecisionJson,
  EndorsementDetailJson,
  EndorsementJson,
  NominationRowJson,
  PromotionSessionDetailJson,
  PromotionSessionJson,
  SessionNominationJson,
  VoteJson,
} from "~/features/promotions/types";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the promotion calls (issue 14, spec §6–7, ADR 0028), by role namespace:
 *  - the endorser (anyone signed in; the service checks it is theirs): GET endorsements, GET
 *    cycles/{cycle_id}/endorsements/{endorsement_id}, POST cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}/accept|reject|endorse;
 *  - hr_partner (the HR partner who creates a promotion session, or its session admin who runs it): GET
 *    hr_partner/promotion_cycles; under cycles/{cycle_id}/hr_partner/: promotion_nominations (the pool),
 *    promotion_calibration_sessions (GET, POST), {session_id} (GET, PATCH), and under a nomination of the
 *    session: endorsements (POST), decision (PATCH), comments, feedbacks_summary;
 *  - promotion_calibration_session_panelist, promotion_calibration_session_sign_off_party: GET {ns}/promotion_cycles,
 *    the sessions, one session, a nomination's comments and feedbacks_summary; the panelist's vote;
 *  - any member: PATCH cycles/{cycle_id}/promotion_calibration_sessions/{session_id}/transition?event=;
 *  - admin (super admin): admin/cycles/{id}/promotion_calibration_sessions (GET, POST), close_all, {session_id}
 *    (GET, PATCH), its transition; admin/cycles/{id}/promotion_nominations; admin/promotion_dashboard.
 * {nomination_id} is the promotion nomination's id (`nominations[].nomination_id`).
 */

export { CommentSchema, DecisionSchema, EndorseSchema, EndorsementRequestSchema, PromotionSessionInputSchema, PromotionSessionPatchSchema, RejectSchema, TransitionBodySchema, VoteSchema };

export type PromotionMemberRole = Extract<SessionRole, "panelist" | "sign_off">;
/** The path namespace of each role that reads promotion sessions. */
export const PROMOTION_NAMESPACES = {
  hr_partner: "hr_partner",
  panelist: "promotion_calibration_session_panelist",
  sign_off: "promotion_calibration_session_sign_off_party",
} as const;
export type PromotionNamespaceRole = keyof typeof PROMOTION_NAMESPACES;

// ---------------------------------------------------------------------------------------------
// Parameters (a non-number id is a 404: parseParams) and queries

const pathId = idCoerced;
export const CycleParams = z.object({ cycle_id: pathId });
export const SessionParams = CycleParams.extend({ session_id: pathId });
export const NominationParams = SessionParams.extend({ nomination_id: pathId });
export const EndorsementParams = CycleParams.extend({ endorsement_id: pathId });
export const AnswerParams = CycleParams.extend({ nomination_id: pathId, endorser_id: pathId });
export const AdminCycleParams = z.object({ id: pathId });
export const AdminSessionParams = AdminCycleParams.extend({ session_id: pathId });

const queryId = idQuery;
export const CycleQuery = z.object({ cycle_id: queryId.optional() });
export const PoolQuery = z.object({
  not_in_session: z.enum(["true", "false"]).optional().describe("true: only active nominations in no promotion session yet"),
});

// ---------------------------------------------------------------------------------------------
// Responses

const int = z.number().int();
const Person = z.object({ id: int, name: z.string(), email: z.string() });
const Nominee = Person.extend({ participant_id: int, job_title: z.string().nullable(), department: z.string().nullable(), level: z.string().nullable() });
const SessionState = z.enum(SESSION_STATES);
const EndorsementStatus = z.enum(ENDORSEMENT_STATUSES);
const Outcome = z.enum(ENDORSEMENT_OUTCOMES).nullable();
const Decision = z.object({ value: z.enum(PROMOTION_DECISIONS), label: z.string() }) satisfies z.ZodType<DecisionJson>;

export const EndorsementSchema = z.object({
  id: int,
  cycle_id: int,
  cycle_name: z.string(),
  nomination_id: int,
  session_id: int.nullable(),
  endorser: Person,
  nominee: Nominee,
  status: EndorsementStatus,
  status_label: z.string(),
  outcome: Outcome,
  outcome_label: z.string(),
  body: z.string().nullable().describe("The written endorsement (the endorser, the session's members and super admins only)"),
  reject_reason: z.string().nullable(),
  source: z.enum(["session_admin", "cycle_rule"]).describe("cycle_rule: asked by the cycle's endorsement_rule"),
  deadline: z.string().nullable(),
  responded_at: z.string().nullable(),
  endorsed_at: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<EndorsementJson>;

export const EndorsementDetailSchema = EndorsementSchema.extend({
  rationale: z.string().nullable(),
  nominated_by: Person.nullable(),
  can: z.object({ accept: z.boolean(), reject: z.boolean(), endorse: z.boolean() }).describe("What the viewer may do now"),
}) satisfies z.ZodType<EndorsementDetailJson>;

const VoteJsonSchema = z.object({
  panelist: Person,
  vote: z.enum(PROMOTION_DECISIONS),
  vote_label: z.string(),
  note: z.string().nullable(),
  updated_at: z.string(),
}) satisfies z.ZodType<VoteJson>;

const DecisionChange = z.object({
  id: int,
  old_value: z.enum(PROMOTION_DECISIONS).nullable(),
  new_value: z.enum(PROMOTION_DECISIONS).nullable(),
  reason: z.string(),
  changed_by: Person.nullable(),
  created_at: z.string(),
  superseded: z.boolean(),
}) satisfies z.ZodType<DecisionChangeJson>;

const SessionNomination = z.object({
  session_participant_id: int,
  nomination_id: int.describe("{nomination_id} of the session's nomination paths"),
  nominee: Nominee,
  manager: Person.nullable(),
  nominated_by: Person.nullable(),
  rationale: z.string().nullable(),
  nomination_status: z.enum(["nominated", "withdrawn"]),
  endorsements: z.array(EndorsementSchema),
  votes: z.array(VoteJsonSchema),
  tally: z.object({ PROMOTED: int, NOT_PROMOTED: int, DEFERRED: int, total: int }),
  my_vote: VoteJsonSchema.nullable(),
  decision: Decision.nullable().describe("The session's decision (the participant's promotion_decision once the session closes)"),
  history: z.array(DecisionChange),
  comment_count: int,
  terminated: z.boolean(),
}) satisfies z.ZodType<SessionNominationJson>;

export const PromotionSessionSchema = z.object({
  id: int,
  cycle_id: int,
  cycle_name: z.string(),
  name: z.string(),
  state: SessionState,
  state_label: z.string(),
  deadline: z.string().nullable(),
  created_by: Person.nullable(),
  session_admin: Person.nullable(),
  panelists: z.array(Person),
  sign_off_parties: z.array(Person),
  nomination_count: int,
  decided_count: int,
  version: int.describe("Bumped by every change in the session"),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<PromotionSessionJson>;

export const PromotionSessionDetailResponse = z.object({
  session: PromotionSessionSchema,
  my_roles: z.array(z.enum(["hr_partner", "admin", "session_admin", "panelist", "sign_off"])),
  allowed: z.record(z.enum(PROMOTION_ACTIONS), z.boolean()).describe("What the viewer may do now"),
  nominations: z.array(SessionNomination),
}) satisfies z.ZodType<PromotionSessionDetailJson>;

const NominationRow = z.object({
  id: int,
  cycle_id: int,
  nominee: Nominee,
  manager: Person.nullable(),
  hr_partner: Person.nullable(),
  nominated_by: Person.nullable(),
  rationale: z.string().nullable(),
  status: z.enum(["nominated", "withdrawn"]),
  session: z.object({ id: int, name: z.string(), state: SessionState }).nullable().describe("The promotion session the nomination is in"),
  endorsements: z.array(EndorsementSchema.pick({ id: true, endorser: true, status: true, status_label: true, outcome: true, outcome_label: true, deadline: true })),
  endorsement_counts: z.record(EndorsementStatus, int),
  decision: Decision.nullable(),
  promotion_decision: Decision.nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<NominationRowJson>;

const Rate = z.object({ key: z.string(), decided: int, promoted: int, rate: z.number().nullable().describe("Percent promoted of decided") });
export const DashboardResponse = z.object({
  cycle: z.object({ id: int, name: z.string(), stage: z.string() }).nullable(),
  cycles: z.array(z.object({ id: int, name: z.string(), nominated: int, withdrawn: int, decided: int, promoted: int })),
  endorsements: z.array(z.object({ status: EndorsementStatus, label: z.string(), count: int })),
  endorsement_completion: z.object({ requested: int, completed: int, rate: z.number().nullable() }),
  sessions: z.array(z.object({ state: SessionState, label: z.string(), count: int, nominations: int, decided: int })),
  by_department: z.array(Rate),
  by_level: z.array(Rate),
  by_manager: z.array(Rate),
}) satisfies z.ZodType<DashboardJson>;

export const EndorsementsResponse = z.object({ endorsements: z.array(EndorsementSchema) });
export const EndorsementResponse = z.object({ endorsement: EndorsementSchema });
export const EndorsementDetailResponse = z.object({ endorsement: EndorsementDetailSchema });
export const PromotionCyclesResponse = z.object({ cycles: z.array(z.object({ id: int, name: z.string(), state: z.enum(CYCLE_STAGES), stage_label: z.string() })) });
export const NominationPoolResponse = z.object({ promotion_nominations: z.array(NominationRow) });
export const PromotionSessionListResponse = z.object({ promotion_calibration_sessions: z.array(PromotionSessionSchema) });
export const PromotionSessionResponse = z.object({ promotion_calibration_session: PromotionSessionSchema });
export const VoteResponse = z.object({ vote: VoteJsonSchema });
export const DecisionResponse = z.object({ decision: Decision.nullable(), changed: z.boolean().describe("false: the nomination already had this decision") });
export { CloseSessionsResponse, CommentResponse, CommentsResponse, FeedbackSummaryResponse, ForcedCloseSchema };

// ---------------------------------------------------------------------------------------------
// OpenAPI

const docId = idNumber;
const cycleDoc = z.object({ cycle_id: docId });
const sessionDoc = cycleDoc.extend({ session_id: docId });
const nominationDoc = sessionDoc.extend({ nomination_id: docId.describe("The promotion nomination's id") });
const adminCycleDoc = z.object({ id: docId });
const adminSessionDoc = adminCycleDoc.extend({ session_id: docId });
const cycleQueryDoc = z.object({ cycle_id: docId.optional() });
const eventQueryDoc = z.object({
  event: z.string().describe(`The move: one of ${PROMOTION_EVENTS.join(", ")}. An unknown, missing or out-of-order event answers 409`),
});

type Method = "get" | "post" | "patch";
const route = (tags: string[]) => (method: Method, path: string, summary: string, request: { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType }, responses: Record<number, z.ZodType>) =>
  registerRoute({ method, path, summary, tags, request, responses });

const WRONG_MOMENT = "409 when the session's state does not allow it (closed: nothing changes any more)";

// The endorser --------------------------------------------------------------------------------
{
  const r = route(["promotions: endorser"]);
  r("get", "/api/v1/endorsements", "My endorsement requests, newest first (?cycle_id: of one cycle)", { query: cycleQueryDoc }, { 200: EndorsementsResponse });
  r(
    "get",
    "/api/v1/cycles/{cycle_id}/endorsements/{endorsement_id}",
    "One endorsement request with the nomination's rationale and what I may do (the endorser, the session's members, super admins)",
    { params: cycleDoc.extend({ endorsement_id: docId }) },
    { 200: EndorsementDetailResponse },
  );
  const answer = "/api/v1/cycles/{cycle_id}/nominations/{nomination_id}/endorsements/{endorser_id}";
  const params = cycleDoc.extend({ nomination_id: docId, endorser_id: docId.describe("The endorser's user id (mine)") });
  const closed = "403 not my request; 409 when the request is no longer open (rejected, expired, endorsed, cancelled) or its session is closed";
  r("post", `${answer}/accept`, `Accept an endorsement request. ${closed}`, { params }, { 200: EndorsementResponse });
  r("post", `${answer}/reject`, `Decline an endorsement request, optionally saying why. ${closed}`, { params, body: RejectSchema }, { 200: EndorsementResponse });
  r("post", `${answer}/endorse`, `Write the endorsement of an accepted request. ${closed}`, { params, body: EndorseSchema }, { 200: EndorsementResponse });
}

// Every role that reads sessions: cycles, sessions, a nomination's comments and feedback summary -----
const ROLE_WORDS: Record<PromotionNamespaceRole, string> = { hr_partner: "HR partner or session admin", panelist: "panelist", sign_off: "sign-off party" };
for (const role of Object.keys(PROMOTION_NAMESPACES) as PromotionNamespaceRole[]) {
  const ns = PROMOTION_NAMESPACES[role];
  const who = ROLE_WORDS[role];
  const r = route([`promotions: ${role === "hr_partner" ? "hr partner" : who}`]);
  const sessions = `/api/v1/cycles/{cycle_id}/${ns}/promotion_calibration_sessions`;
  const nomination = `${sessions}/{session_id}/promotion_nominations/{nomination_id}`;
  r(
    "get",
    `/api/v1/${ns}/promotion_cycles`,
    role === "hr_partner" ? "Cycles with nominations of my people or promotion sessions I created or run" : `Cycles in which I am the ${who} of a promotion session`,
    {},
    { 200: PromotionCyclesResponse },
  );
  r("get", sessions, role === "hr_partner" ? "The promotion sessions I created or run as session admin" : `The promotion sessions of the cycle in which I am the ${who}`, { params: cycleDoc }, {
    200: PromotionSessionListResponse,
  });
  r(
    "get",
    `${sessions}/{session_id}`,
    `The session as its ${who} reads it: each nomination with its rationale, endorsements, votes, decision and history; what I may do now (403 not its ${who})`,
    { params: sessionDoc },
    { 200: PromotionSessionDetailResponse },
  );
  r("get", `${nomination}/comments`, "The nomination's comment thread (404 a nomination not in the session)", { params: nominationDoc }, { 200: CommentsResponse });
  r("post", `${nomination}/comments`, `Comment on the nomination; answers the created comment. ${WRONG_MOMENT}`, { params: nominationDoc, body: CommentSchema }, { 201: CommentResponse });
  r("get", `${nomination}/feedbacks_summary`, "The nominee's feedback summary, named", { params: nominationDoc }, { 200: FeedbackSummaryResponse });
  if (role === "panelist") {
    r("post", `${nomination}/vote`, `Vote on the nomination (a new vote replaces mine). ${WRONG_MOMENT}`, { params: nominationDoc, body: VoteSchema }, { 200: VoteResponse });
  }
}

// HR partner / session admin: setting up and running a session ---------------------------------
{
  const r = route(["promotions: hr partner"]);
  const base = "/api/v1/cycles/{cycle_id}/hr_partner";
  const nomination = `${base}/promotion_calibration_sessions/{session_id}/promotion_nominations/{nomination_id}`;
  r("get", `${base}/promotion_nominations`, "The nominations of my people and of the sessions I run, with their session, endorsements' status and decision", { params: cycleDoc, query: PoolQuery }, {
    200: NominationPoolResponse,
  });
  r(
    "post",
    `${base}/promotion_calibration_sessions`,
    "Create a draft promotion session from nominations of my people (403 someone else's; 409 withdrawn, already in a session, or the cycle in draft/communication); the cycle's endorsement rule asks its endorsers",
    { params: cycleDoc, body: PromotionSessionInputSchema },
    { 201: PromotionSessionResponse },
  );
  r("patch", `${base}/promotion_calibration_sessions/{session_id}`, "Edit a session I created: name, nominations and people while draft; the deadline until closed", { params: sessionDoc, body: PromotionSessionPatchSchema }, {
    200: PromotionSessionResponse,
  });
  r("post", `${nomination}/endorsements`, `Ask endorsers to endorse the nomination (a request that ended is asked again). ${WRONG_MOMENT}`, { params: nominationDoc, body: EndorsementRequestSchema }, {
    201: EndorsementsResponse,
  });
  r("patch", `${nomination}/decision`, `Set the session's decision on the nomination, with a reason (kept in the history). ${WRONG_MOMENT}`, { params: nominationDoc, body: DecisionSchema }, {
    200: DecisionResponse,
  });
  route(["promotions: session transitions"])(
    "patch",
    "/api/v1/cycles/{cycle_id}/promotion_calibration_sessions/{session_id}/transition",
    "Move the session: activate (its HR partner; the cycle in calibration), progress_to_review (whoever runs it; every nomination decided), progress_to_close or progress_to_revision_requested (the sign-off party; a revision needs a comment). Closing writes the decisions to the participants and cancels open endorsement requests",
    { params: sessionDoc, query: eventQueryDoc, body: TransitionBodySchema },
    { 200: PromotionSessionResponse },
  );
}

// Admin ---------------------------------------------------------------------------------------
{
  const r = route(["admin promotions"]);
  const base = "/api/v1/admin/cycles/{id}/promotion_calibration_sessions";
  r("get", base, "Every promotion session of the cycle (super admin)", { params: adminCycleDoc }, { 200: PromotionSessionListResponse });
  r("post", base, "Create a draft promotion session from any nominations of the cycle (super admin)", { params: adminCycleDoc, body: PromotionSessionInputSchema }, { 201: PromotionSessionResponse });
  r("patch", `${base}/close_all`, "Close every promotion session not closed yet (super admin); closing writes the decisions to the participants. While a session to close has a significant gap in its promotion decisions, `reason` is the required written reason: without it 422 gap_reason_required, details.sessions, nothing closed (ADR 0120)", { params: adminCycleDoc, body: ForcedCloseSchema }, {
    200: CloseSessionsResponse,
  });
  r("get", `${base}/{session_id}`, "One promotion session, everything in it (super admin)", { params: adminSessionDoc }, { 200: PromotionSessionDetailResponse });
  r("patch", `${base}/{session_id}`, "Edit a promotion session: name, nominations and people while draft; the deadline until closed (super admin)", { params: adminSessionDoc, body: PromotionSessionPatchSchema }, {
    200: PromotionSessionResponse,
  });
  r("patch", `${base}/{session_id}/transition`, "Move a promotion session (super admin): activate or close, by the `event` query parameter", { params: adminSessionDoc, query: eventQueryDoc, body: TransitionBodySchema }, {
    200: PromotionSessionResponse,
  });
  r("get", "/api/v1/admin/cycles/{id}/promotion_nominations", "Every nomination of the cycle with its session, endorsements' status and decision (super admin)", { params: adminCycleDoc, query: PoolQuery }, {
    200: NominationPoolResponse,
  });
  r("get", "/api/v1/admin/promotion_dashboard", "Nominations per cycle; for one cycle (?cycle_id, else the latest with nominations) endorsement completion, session progress and approval rates (super admin)", { query: cycleQueryDoc }, {
    200: DashboardResponse,
  });
}
