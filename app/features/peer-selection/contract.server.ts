import { z } from "zod";
import { TYPED_EMAIL } from "~/platform/input";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { PANEL_STATUSES, PEER_REQUEST_STATUSES } from "~/features/peer-selection/rules";
import { REVIEWER_TYPES } from "~/features/participants/rules";
import { CycleEmailParams, CycleIdParam } from "~/features/cycles/context.server";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the participant profile and peer/stakeholder selection calls under
 * /api/v1/cycles/{cycle_id}/ (issue [3/3] items 1–3, docs/decisions/0020-peer-selection.md).
 */

export { CycleEmailParams, CycleIdParam };

const email = (what: string) => z.string({ error: `${what} is required` }).trim().toLowerCase().pipe(z.email(`${what} must be a valid email address`)).meta(TYPED_EMAIL);

/** `{cycle_id}`, `{email}` (the direct report) and `{peer_email}` (the requested reviewer). */
export const ReportPeerParams = CycleEmailParams.extend({ peer_email: z.string().trim().toLowerCase().pipe(z.email()).meta(TYPED_EMAIL) });
/** `{cycle_id}`, `{peer_id}` (the peer request id) and the decision. */
export const PeerDecisionParams = z.object({
  cycle_id: z.coerce.number().int().positive(),
  peer_id: z.coerce.number().int().positive(),
  decision: z.enum(["accept", "decline"]),
});

export const AddPeerBody = z.object({ peer_email: email("peer_email") }).strict();
export const ParticipantSearchQuery = z.object({
  q: z.string().max(200, "q must be at most 200 characters").optional().describe("Case-insensitive part of the name or email"),
});

const CycleRefSchema = z.object({ id: z.number().int(), name: z.string(), state: z.enum(CYCLE_STAGES), stage_label: z.string() });
const PersonSchema = z.object({ email: z.string(), name: z.string() });

export const MyInfoResponse = z.object({
  cycle: CycleRefSchema,
  my_info: z.object({
    email: z.string(),
    name: z.string(),
    job_title: z.string().nullable(),
    department: z.string().nullable(),
    location: z.string().nullable(),
    profile_image_url: z.string().nullable(),
    manager: PersonSchema.nullable(),
    secondary_manager: PersonSchema.nullable(),
    hr_partner: PersonSchema.nullable(),
    reviewer_only: z.boolean(),
  }),
});

const CountersSchema = z.object({
  selected: z.number().int().describe("Requested + accepted (counts towards max_peers)"),
  accepted: z.number().int(),
  requested: z.number().int(),
  declined: z.number().int(),
  max: z.number().int(),
  remaining: z.number().int(),
});

export const PeerRequestSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  job_title: z.string().nullable(),
  department: z.string().nullable(),
  status: z.enum(PEER_REQUEST_STATUSES),
  status_label: z.string(),
  requested_by: PersonSchema.nullable(),
  requested_at: z.string(),
  responded_at: z.string().nullable(),
});

export const PanelSchema = z.object({
  cycle: CycleRefSchema,
  participant: PersonSchema.extend({ reviewer_only: z.boolean(), manager: PersonSchema.nullable() }),
  receives_feedback: z.boolean(),
  panel_status: z.enum(PANEL_STATUSES),
  panel_status_label: z.enum(["Not approved", "Manager Approved"]),
  max_peers: z.number().int(),
  counters: CountersSchema,
  can_edit: z.boolean().describe("Whether the caller (participant or manager) may change the selection now"),
  edit_blocked_reason: z.string().nullable(),
  mandatory_reviewers: z.array(
    z.object({ reviewer_type: z.enum(REVIEWER_TYPES), reviewer_type_label: z.string(), email: z.string(), name: z.string() }),
  ),
  peers: z.array(PeerRequestSchema.extend({ can_remove: z.boolean(), warning: z.string().nullable() })),
  advice: z.array(z.string()),
});

export const PanelResponse = z.object({ panel: PanelSchema });
export const PanelWriteResponse = z.object({
  panel: PanelSchema,
  warning: z.string().nullable().describe("Advice (never enforced), e.g. the peer already accepted 7 requests"),
});

export const IncomingRequestSchema = z.object({
  id: z.number().int().describe("The peer_id of peers/{peer_id}/accept|decline"),
  status: z.enum(PEER_REQUEST_STATUSES),
  status_label: z.string(),
  participant: PersonSchema.extend({ job_title: z.string().nullable(), department: z.string().nullable() }),
  requested_by: PersonSchema.nullable(),
  requested_at: z.string(),
  responded_at: z.string().nullable(),
  can_respond: z.boolean(),
});
export const IncomingRequestsResponse = z.object({
  cycle: CycleRefSchema,
  requests: z.array(IncomingRequestSchema),
  accepted_count: z.number().int(),
  advised_max_accepted: z.number().int(),
  warning: z.string().nullable(),
});
export const RespondResponse = z.object({ request: IncomingRequestSchema, accepted_count: z.number().int(), warning: z.string().nullable() });

const ParticipantCardSchema = z.object({
  email: z.string(),
  name: z.string(),
  job_title: z.string().nullable(),
  department: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  reviewer_only: z.boolean(),
});
export const ParticipantCardsResponse = z.object({ participants: z.array(ParticipantCardSchema) });
export const ParticipantCardResponse = z.object({ participant: ParticipantCardSchema });

const base = "/api/v1/cycles/{cycle_id}";
const tags = ["peer selection"];

registerRoute({
  method: "get",
  path: `${base}/my_info`,
  summary: "The signed-in participant's company profile in the cycle (404 when not a participant)",
  tags,
  request: { params: CycleIdParam },
  responses: { 200: MyInfoResponse },
});
registerRoute({
  method: "get",
  path: `${base}/panels`,
  summary: "My panel: mandatory reviewers, peer requests with status, max_peers, can_edit, panel status (Admin/Manager Approved), advice",
  tags,
  request: { params: CycleIdParam },
  responses: { 200: PanelResponse },
});
registerRoute({
  method: "post",
  path: `${base}/panels/new`,
  summary:
    "Ask a peer (start stage). 400: own email, a mandatory reviewer, over max_peers, already asked, unknown user; 409: stage closed, reviewer-only, Manager Approved; 403 while spoofing",
  tags,
  request: { params: CycleIdParam, body: AddPeerBody },
  responses: { 201: PanelWriteResponse },
});
registerRoute({
  method: "delete",
  path: `${base}/panels/{email}`,
  summary: "Withdraw a peer request not yet accepted (409 once accepted, stage closed or Manager Approved; 404 not asked)",
  tags,
  request: { params: CycleEmailParams },
  responses: { 200: PanelResponse },
});
registerRoute({
  method: "get",
  path: `${base}/peers`,
  summary: "Feedback requests where I am the requested reviewer, with the advice of at most 7 accepted requests",
  tags,
  request: { params: CycleIdParam },
  responses: { 200: IncomingRequestsResponse },
});
for (const decision of ["accept", "decline"] as const) {
  for (const method of ["patch", "post"] as const) {
    registerRoute({
      method,
      path: `${base}/peers/{peer_id}/${decision}`,
      summary: `${decision === "accept" ? "Accept" : "Decline"} a feedback request (only the requested reviewer: 403 others or while spoofing; 409 already answered or stage closed)`,
      tags,
      request: { params: z.object({ cycle_id: z.number().int().positive(), peer_id: z.number().int().positive() }) },
      responses: { 200: RespondResponse },
    });
  }
}
registerRoute({
  method: "get",
  path: `${base}/participants`,
  summary: "Participants of the cycle for pickers (name, email, title, department; at most 20; q searches name or email)",
  tags,
  request: { params: CycleIdParam, query: ParticipantSearchQuery },
  responses: { 200: ParticipantCardsResponse },
});
registerRoute({
  method: "get",
  path: `${base}/participants/{email}`,
  summary: "One participant of the cycle (limited fields; response field participant)",
  tags,
  request: { params: CycleEmailParams },
  responses: { 200: ParticipantCardResponse },
});
registerRoute({
  method: "get",
  path: `${base}/direct_reports/{email}/panel`,
  summary: "A direct report's panel as their manager sees it (403 not my report, 404 not a participant)",
  tags,
  request: { params: CycleEmailParams },
  responses: { 200: PanelResponse },
});
registerRoute({
  method: "post",
  path: `${base}/direct_reports/{email}/panel/new`,
  summary: "The manager asks a peer for a direct report; the selection becomes Manager Approved (only the manager edits further)",
  tags,
  request: { params: CycleEmailParams, body: AddPeerBody },
  responses: { 201: PanelWriteResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/panel/new",
  summary:
    "A super admin adds a reviewer to a participant's peers and stakeholders (selection stage; the manager's rules; the panel status unchanged; audited)",
  tags: ["admin participants"],
  request: { params: z.object({ cycle_id: z.number().int().positive(), participant_email: z.string() }), body: AddPeerBody },
  responses: { 201: PanelWriteResponse },
});
registerRoute({
  method: "delete",
  path: `${base}/direct_reports/{email}/panel/{peer_email}`,
  summary: "The manager withdraws a request not yet accepted for a direct report (→ Manager Approved; 409 once accepted)",
  tags,
  request: { params: ReportPeerParams },
  responses: { 200: PanelResponse },
});
for (const method of ["patch", "post"] as const) {
  registerRoute({
    method,
    path: `${base}/direct_reports/{email}/panel/approve`,
    summary: "The manager approves a direct report's selection: Manager Approved (start stage only)",
    tags,
    request: { params: CycleEmailParams },
    responses: { 200: PanelResponse },
  });
}
