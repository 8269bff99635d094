import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { RATINGS, SESSION_ACTIONS, SESSION_STATES, type SessionRole } from "~/features/calibration/rules";
import { CommentSchema, ForcedCloseSchema, MoveSchema, ProposalSchema, RatingChangeSchema, RevisionSchema, SessionInputSchema, SessionPatchSchema, SignOffSchema } from "~/features/calibration/schemas";
import type { CommentJson, HrPartnerParticipantJson, NominationDetailsJson, RatingChangeJson, SessionDetailJson, SessionJson, SessionParticipantJson } from "~/features/calibration/types";
import { FeedbackSummaryResponse } from "~/features/summaries/contract.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the rating calibration calls (issue 13, spec §6–7), by role namespace:
 *  - hr_partner: GET hr_partner/cycles; under cycles/{cycle_id}/hr_partner/: participants (the HR partner's
 *    people, ?not_in_session), calibration_sessions (GET list, POST create), calibration_sessions/{session_id}
 *    (GET the setup, PATCH) and .../activate;
 *  - calibration_session_admin, calibration_session_panelist, calibration_session_sign_off_party: GET {ns}/cycles;
 *    under cycles/{cycle_id}/{ns}/calibration_sessions/: the list, {session_id} (the session as the role reads
 *    it), its participants, a participant's feedbacks_summary and promotion_details, the session's and a
 *    participant's comments (GET, POST); plus the role's own moves;
 *  - admin (super admin): admin/cycles/{id}/calibration_sessions (GET, POST), all_participants, close_all,
 *    close_in_review, {session_id} (GET, PATCH), session_participants, activate.
 * {participant_id} is the session participant's id (`participants[].id`), not the cycle participant's.
 */

export { CommentSchema, ForcedCloseSchema, MoveSchema, ProposalSchema, RatingChangeSchema, RevisionSchema, SessionInputSchema, SessionPatchSchema, SignOffSchema };

export type MemberRole = Extract<SessionRole, "session_admin" | "panelist" | "sign_off">;

/** The path namespace of each member role. */
export const ROLE_NAMESPACES: Record<MemberRole, string> = {
  session_admin: "calibration_session_admin",
  panelist: "calibration_session_panelist",
  sign_off: "calibration_session_sign_off_party",
};
export const MEMBER_ROLES = Object.keys(ROLE_NAMESPACES) as MemberRole[];

// ---------------------------------------------------------------------------------------------
// Parameters (a non-number id is a 404: parseParams)

const pathId = idCoerced;
export const CycleParams = z.object({ cycle_id: pathId });
export const SessionParams = CycleParams.extend({ session_id: pathId });
export const ParticipantParams = SessionParams.extend({ participant_id: pathId });
export const MoveParams = SessionParams.extend({ target_session_id: pathId });
export const AdminCycleParams = z.object({ id: pathId });
export const AdminSessionParams = AdminCycleParams.extend({ session_id: pathId });

export const PoolQuery = z.object({
  not_in_session: z.enum(["true", "false"]).optional().describe("true: only participants who get a rating and are in no session yet"),
});

// ---------------------------------------------------------------------------------------------
// Responses

const int = z.number().int();
const Person = z.object({ id: int, name: z.string(), email: z.string() });
const PersonWithJob = Person.extend({ job_title: z.string().nullable(), department: z.string().nullable() });
const SessionState = z.enum(SESSION_STATES);
const Guideline = z.record(z.enum(["1", "2", "3", "4", "5"]), z.number()).describe("Share of people (percent, adding up to 100) per rating 1-5");

export const CalibrationSessionSchema = z.object({
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
  guideline: Guideline,
  participant_count: int.describe("Participants not terminated"),
  changed_count: int.describe("Participants (not terminated) whose rating differs from the proposed one"),
  terminated_count: int,
  version: int.describe("Bumped by every change in the session"),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<SessionJson>;

const NominationDetails = z.object({
  status: z.string(),
  rationale: z.string().nullable(),
  nominated_by: Person.nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<NominationDetailsJson>;

export const SessionParticipantSchema = z.object({
  id: int.describe("The session participant's id: {participant_id} of the calibration paths"),
  participant_id: int.describe("The cycle participant's id"),
  user: PersonWithJob,
  manager: Person.nullable(),
  proposed_rating: int.nullable().describe("From the manager's submitted feedback"),
  rating: int.nullable().describe("The calibrated rating the session holds now"),
  proposed_potential: int.nullable(),
  potential: int.nullable(),
  terminated: z.boolean(),
  terminated_at: z.string().nullable(),
  proposals: z.array(z.object({ panelist: Person, rating: int, justification: z.string(), created_at: z.string() })).describe("The latest proposal of each panelist"),
  comment_count: int,
  promotion_nomination: NominationDetails.nullable(),
}) satisfies z.ZodType<SessionParticipantJson>;

const RatingChange = z.object({
  id: int,
  session_participant_id: int,
  participant: Person,
  field: z.enum(["rating", "potential"]),
  old_value: int.nullable(),
  new_value: int.nullable(),
  reason: z.string(),
  changed_by: Person.nullable(),
  created_at: z.string(),
  superseded: z.boolean(),
}) satisfies z.ZodType<RatingChangeJson>;

export const CommentJsonSchema = z.object({
  id: int,
  session_participant_id: int.nullable().describe("null: a comment on the session"),
  author: Person,
  body: z.string(),
  body_key: (
    z
      .object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
      .nullable()
      .optional() as z.ZodType<CommentJson["body_key"]>
  ).describe("A sign-off comment (\"Revision requested: …\") as a translation key with the comment as a value, for showing it in the reader's language; null: body as it is"),
  created_at: z.string(),
}) satisfies z.ZodType<CommentJson>;

export const SessionDetailResponse = z.object({
  session: CalibrationSessionSchema,
  my_roles: z.array(z.enum(["hr_partner", "admin", "session_admin", "panelist", "sign_off"])),
  allowed: z.record(z.enum(SESSION_ACTIONS), z.boolean()).describe("What the viewer may do now"),
  participants: z.array(SessionParticipantSchema),
  distribution: z.object({
    rated: int,
    unrated: int,
    // A union of literals, not z.literal([...]): the OpenAPI generator documented only the first value (enum [1]).
    rows: z.array(z.object({ rating: z.union(RATINGS.map((r) => z.literal(r))), label: z.string(), count: int, percent: z.number(), guideline_percent: z.number(), guideline_count: int })),
  }),
  history: z.array(RatingChange),
  comments: z.array(CommentJsonSchema).describe("Session-level comments"),
  outliers: z.array(
    z.object({
      kind: z.enum(["manager", "department"]),
      key: z.string(),
      label: z.string(),
      people: int,
      mean: z.number(),
      gap_to_guideline: z.number(),
      gap_to_company: z.number(),
      direction: z.enum(["high", "low"]),
    }),
  ),
  move_targets: z.array(z.object({ id: int, name: z.string(), state: SessionState })),
}) satisfies z.ZodType<SessionDetailJson>;

export const HrPartnerParticipantSchema = z.object({
  participant_id: int,
  user: PersonWithJob,
  manager: Person.nullable(),
  proposed_rating: int.nullable(),
  calibrated_rating: z.number().nullable(),
  reviewer_only: z.boolean(),
  session: z.object({ id: int, name: z.string(), state: SessionState }).nullable().describe("The rating session the participant is in"),
}) satisfies z.ZodType<HrPartnerParticipantJson>;

export const CalibrationCyclesResponse = z.object({
  cycles: z.array(z.object({ id: int, name: z.string(), state: z.enum(CYCLE_STAGES), stage_label: z.string() })),
});
export const PoolResponse = z.object({ participants: z.array(HrPartnerParticipantSchema) });
export const SessionListResponse = z.object({ calibration_sessions: z.array(CalibrationSessionSchema) });
export const SessionResponse = z.object({ calibration_session: CalibrationSessionSchema });
export const SessionSetupResponse = z.object({ calibration_session: CalibrationSessionSchema, participants: z.array(HrPartnerParticipantSchema) });
export const SessionParticipantsResponse = z.object({ participants: z.array(SessionParticipantSchema) });
export const ParticipantResponse = z.object({ participant: SessionParticipantSchema });
export const PromotionDetailsResponse = z.object({ promotion_nomination: NominationDetails.nullable() });
export const CommentsResponse = z.object({ comments: z.array(CommentJsonSchema) });
export const CommentResponse = z.object({ comment: CommentJsonSchema });
export const ProposalResponse = z.object({ proposal: z.object({ id: int, rating: int, justification: z.string(), created_at: z.string() }) });
export const MoveResponse = z.object({ moved: int, target_session_id: int });
export const CloseSessionsResponse = z.object({ closed_session_ids: z.array(int) });
export { FeedbackSummaryResponse };

// ---------------------------------------------------------------------------------------------
// OpenAPI

const docId = idNumber;
const cycleDoc = z.object({ cycle_id: docId });
const sessionDoc = cycleDoc.extend({ session_id: docId });
const participantDoc = sessionDoc.extend({ participant_id: docId.describe("The session participant's id") });
const adminCycleDoc = z.object({ id: docId });
const adminSessionDoc = adminCycleDoc.extend({ session_id: docId });

const WRONG_MOMENT = "409 when the session's state does not allow it (closed: nothing changes any more)";

// HR partner ------------------------------------------------------------------------------------
{
  const tags = ["calibration: hr partner"];
  const base = "/api/v1/cycles/{cycle_id}/hr_partner";
  registerRoute({ method: "get", path: "/api/v1/hr_partner/cycles", summary: "Cycles with my participants or the sessions I created", tags, responses: { 200: CalibrationCyclesResponse } });
  registerRoute({
    method: "get",
    path: `${base}/participants`,
    summary: "The participants I am the HR partner of, with the session each is in",
    tags,
    request: { params: cycleDoc, query: PoolQuery },
    responses: { 200: PoolResponse },
  });
  registerRoute({ method: "get", path: `${base}/calibration_sessions`, summary: "The sessions I created in the cycle", tags, request: { params: cycleDoc }, responses: { 200: SessionListResponse } });
  registerRoute({
    method: "post",
    path: `${base}/calibration_sessions`,
    summary: "Create a draft session of my participants (403 someone else's participant; 409 one already in a session, or the cycle in draft/communication)",
    tags,
    request: { params: cycleDoc, body: SessionInputSchema },
    responses: { 201: SessionResponse },
  });
  registerRoute({
    method: "get",
    path: `${base}/calibration_sessions/{session_id}`,
    summary: "A session I created and its participants (its setup, not what its members wrote)",
    tags,
    request: { params: sessionDoc },
    responses: { 200: SessionSetupResponse },
  });
  registerRoute({
    method: "patch",
    path: `${base}/calibration_sessions/{session_id}`,
    summary: "Edit a session I created: name, people and guideline while draft; the deadline until closed",
    tags,
    request: { params: sessionDoc, body: SessionPatchSchema },
    responses: { 200: SessionResponse },
  });
  registerRoute({
    method: "patch",
    path: `${base}/calibration_sessions/{session_id}/activate`,
    summary: "Activate a draft session I created (409 unless the cycle is in its calibration stage)",
    tags,
    request: { params: sessionDoc },
    responses: { 200: SessionResponse },
  });
}

// Members (session admin, panelist, sign-off party) ------------------------------------------
const ROLE_WORDS: Record<MemberRole, string> = { session_admin: "session admin", panelist: "panelist", sign_off: "sign-off party" };

for (const role of MEMBER_ROLES) {
  const ns = ROLE_NAMESPACES[role];
  const who = ROLE_WORDS[role];
  const tags = [`calibration: ${who}`];
  const sessions = `/api/v1/cycles/{cycle_id}/${ns}/calibration_sessions`;
  const one = `${sessions}/{session_id}`;
  const participant = `${one}/participants/{participant_id}`;
  const route = (method: "get" | "post" | "patch", path: string, summary: string, params: z.ZodObject, responses: Record<number, z.ZodType>, body?: z.ZodType) =>
    registerRoute({ method, path, summary, tags, request: { params, body }, responses });

  registerRoute({ method: "get", path: `/api/v1/${ns}/cycles`, summary: `Cycles in which I am the ${who} of a session`, tags, responses: { 200: CalibrationCyclesResponse } });
  route("get", sessions, `The sessions of the cycle in which I am the ${who}`, cycleDoc, { 200: SessionListResponse });
  route("get", one, `The session as its ${who} reads it: participants, distribution, history, comments, outliers, what I may do now (403 not the ${who})`, sessionDoc, {
    200: SessionDetailResponse,
  });
  route("get", `${one}/participants`, "The session's participants with their ratings, proposals and nomination", sessionDoc, { 200: SessionParticipantsResponse });
  route("get", `${participant}/feedbacks_summary`, "The participant's feedback summary, named", participantDoc, { 200: FeedbackSummaryResponse });
  route("get", `${participant}/promotion_details`, "The participant's promotion nomination (null when none)", participantDoc, { 200: PromotionDetailsResponse });
  route("get", `${one}/comments`, "The session's own comment thread", sessionDoc, { 200: CommentsResponse });
  route("post", `${one}/comments`, `Comment on the session; answers the created comment. ${WRONG_MOMENT}`, sessionDoc, { 201: CommentResponse }, CommentSchema);
  route("get", `${participant}/comments`, "The participant's comment thread", participantDoc, { 200: CommentsResponse });
  route("post", `${participant}/comments`, `Comment on the participant; answers the created comment. ${WRONG_MOMENT}`, participantDoc, { 201: CommentResponse }, CommentSchema);

  if (role === "session_admin") {
    route("patch", participant, `Change the calibrated rating and/or the 9-box potential, with a reason (kept in the history). ${WRONG_MOMENT}`, participantDoc, { 200: ParticipantResponse }, RatingChangeSchema);
    route("patch", `${participant}/terminate_participant`, `The participant left the company: no outcome for them. ${WRONG_MOMENT}`, participantDoc, { 200: ParticipantResponse });
    route(
      "post",
      `${one}/move_participants_to/{target_session_id}`,
      `Move participants (with their proposals, history and comments) to another session of the cycle that is draft, active or in revision. ${WRONG_MOMENT}`,
      sessionDoc.extend({ target_session_id: docId }),
      { 200: MoveResponse },
      MoveSchema,
    );
    route("patch", `${one}/progress_to_review`, `Hand the session to its sign-off party. ${WRONG_MOMENT}`, sessionDoc, { 200: SessionResponse });
  }
  if (role === "panelist") {
    route("post", `${participant}/calibration_rating`, `Propose a rating with a justification (the latest one of each panelist counts). ${WRONG_MOMENT}`, participantDoc, { 201: ProposalResponse }, ProposalSchema);
  }
  if (role === "sign_off") {
    route("patch", `${one}/progress_to_close`, `Sign off: close the session (optional comment); the ratings become the participants' calibrated ratings. While a ratings gap after calibration is significant (the session's fairness insights, in any breakdown the sign-off party may read), the comment is the required written reason: without it 422 gap_reason_required, details.significant_gaps (ADR 0114). ${WRONG_MOMENT}`, sessionDoc, { 200: SessionResponse }, SignOffSchema);
    route("patch", `${one}/progress_to_revision_requested`, `Send the session back to its session admin (comment required). ${WRONG_MOMENT}`, sessionDoc, { 200: SessionResponse }, RevisionSchema);
  }
}

// Admin -------------------------------------------------------------------------------------------
{
  const tags = ["admin calibration"];
  const base = "/api/v1/admin/cycles/{id}/calibration_sessions";
  registerRoute({ method: "get", path: base, summary: "Every rating calibration session of the cycle (super admin)", tags, request: { params: adminCycleDoc }, responses: { 200: SessionListResponse } });
  registerRoute({
    method: "post",
    path: base,
    summary: "Create a draft session for any participants of the cycle (super admin)",
    tags,
    request: { params: adminCycleDoc, body: SessionInputSchema },
    responses: { 201: SessionResponse },
  });
  registerRoute({
    method: "get",
    path: `${base}/all_participants`,
    summary: "Every participant of the cycle with the session each is in (super admin)",
    tags,
    request: { params: adminCycleDoc, query: PoolQuery },
    responses: { 200: PoolResponse },
  });
  for (const [which, what] of [
    ["close_all", "every session not closed yet"],
    ["close_in_review", "every session in review"],
  ] as const) {
    registerRoute({
      method: "patch",
      path: `${base}/${which}`,
      summary: `Close ${what} (super admin); closing writes the sessions' ratings to the participants. While a session to close has a significant ratings gap after calibration, \`reason\` is the required written reason: without it 422 gap_reason_required, details.sessions (each with its significant_gaps), nothing closed; it is kept in each such session's history and close audit record (ADR 0120)`,
      tags,
      request: { params: adminCycleDoc, body: ForcedCloseSchema },
      responses: { 200: CloseSessionsResponse },
    });
  }
  registerRoute({ method: "get", path: `${base}/{session_id}`, summary: "One session, everything in it (super admin)", tags, request: { params: adminSessionDoc }, responses: { 200: SessionDetailResponse } });
  registerRoute({
    method: "patch",
    path: `${base}/{session_id}`,
    summary: "Edit a session: name, people and guideline while draft; the deadline until closed (super admin)",
    tags,
    request: { params: adminSessionDoc, body: SessionPatchSchema },
    responses: { 200: SessionResponse },
  });
  registerRoute({
    method: "get",
    path: `${base}/{session_id}/session_participants`,
    summary: "The session's participants (super admin)",
    tags,
    request: { params: adminSessionDoc },
    responses: { 200: SessionParticipantsResponse },
  });
  registerRoute({
    method: "patch",
    path: `${base}/{session_id}/activate`,
    summary: "Activate a draft session (super admin; 409 unless the cycle is in its calibration stage)",
    tags,
    request: { params: adminSessionDoc },
    responses: { 200: SessionResponse },
  });
}
