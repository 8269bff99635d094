import { z } from "zod";
import { idCoerced, idNumber } from "~/platform/input";
import { CALIBRATED_RATINGS, PROMOTION_DECISIONS, REVIEWER_TYPES } from "~/features/participants/rules";
import { CYCLE_STAGES } from "~/features/cycles/rules";
import { registerRoute } from "~/platform/openapi/registry.server";
import { PANEL_STATUSES } from "~/features/peer-selection/rules";
import { PeerRequestSchema } from "~/features/peer-selection/contract.server";
import {
  CalibratedRatingBodySchema,
  ParticipantCreateSchema,
  ParticipantListQuerySchema,
  ParticipantPatchSchema,
  PromotionDecisionBodySchema,
} from "~/features/participants/schemas";

/** Contracts of the admin participant routes and the cycle statistics. */

export { CalibratedRatingBodySchema, ParticipantCreateSchema, ParticipantListQuerySchema, ParticipantPatchSchema, PromotionDecisionBodySchema };

export const ParticipantSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  manager_email: z.string().nullable(),
  secondary_manager_email: z.string().nullable(),
  hr_partner_email: z.string().nullable(),
  reviewer_only: z.boolean(),
  calibrated_rating: z.union(CALIBRATED_RATINGS.map((n) => z.literal(n))).nullable(),
  promotion_decision: z.enum(PROMOTION_DECISIONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ParticipantListResponse = z.object({ participants: z.array(ParticipantSchema), total: z.number().int() });
export const ParticipantResponse = z.object({ participant: ParticipantSchema });
export const ParticipantPanelResponse = z.object({
  participant: ParticipantSchema,
  receives_feedback: z.boolean(),
  reviewers: z.array(
    z.object({
      reviewer_type: z.enum(REVIEWER_TYPES),
      reviewer_type_label: z.string(),
      email: z.string(),
      name: z.string(),
    }),
  ),
  panel_status: z.enum(PANEL_STATUSES),
  panel_status_label: z.string(),
  peer_requests: z.array(PeerRequestSchema).describe("Peers asked through peer selection, with their status"),
});

const reviewerStage = z.enum(["spu_feedback", "manager_feedback"]);
export const CycleStatisticsResponse = z.object({
  statistics: z.object({
    cycle_id: z.number().int(),
    state: z.enum(CYCLE_STAGES),
    participants: z.object({ total: z.number().int(), reviewer_only: z.number().int(), receiving_feedback: z.number().int() }),
    progress: z.array(
      z.object({
        key: z.enum(["spu_feedback", "manager_feedback", "calibrated_ratings", "promotion_decisions"]),
        stage: z.enum(CYCLE_STAGES),
        label: z.string(),
        total: z.number().int(),
        done: z.number().int(),
        in_progress: z.number().int(),
        pending: z.number().int(),
      }),
    ),
    feedback_by_reviewer_type: z.array(
      z.object({
        reviewer_type: z.enum(REVIEWER_TYPES),
        label: z.string(),
        stage: reviewerStage,
        expected: z.number().int(),
        submitted: z.number().int(),
        draft: z.number().int(),
        not_started: z.number().int(),
      }),
    ),
    calibrated_ratings: z.object({
      total: z.number().int(),
      rated: z.number().int(),
      pending: z.number().int(),
      by_rating: z.record(z.string(), z.number().int()),
    }),
    promotion_decisions: z.object({
      nominated: z.number().int(),
      decided: z.number().int(),
      pending: z.number().int(),
      by_decision: z.record(z.string(), z.number().int()),
    }),
  }),
});

/** Route params (Remix decodes the email). */
export const CycleParticipantsParams = z.object({ cycle_id: idCoerced });
export const CycleParticipantParams = z.object({
  cycle_id: idCoerced,
  participant_email: z.string().trim().min(1).max(320),
});
export const CycleStatisticsParams = z.object({ id: idCoerced });

const listParams = z.object({ cycle_id: idNumber });
const oneParams = z.object({ cycle_id: idNumber, participant_email: z.string() });
const base = "/api/v1/admin/cycles/{cycle_id}/participants";
const tags = ["admin participants"];

registerRoute({
  method: "get",
  path: base,
  summary: "Participants of a cycle, by name; q searches name or email; page (1-based), page_size ≤ 100 (super admin or HR ops)",
  tags,
  request: { params: listParams, query: ParticipantListQuerySchema },
  responses: { 200: ParticipantListResponse },
});
registerRoute({
  method: "post",
  path: base,
  summary: "Add a participant (super admin); 400 unknown user or manager rules, 409 already a participant",
  tags,
  request: { params: listParams, body: ParticipantCreateSchema },
  responses: { 201: ParticipantResponse },
});
registerRoute({
  method: "get",
  path: `${base}/{participant_email}`,
  summary: "One participant (super admin or HR ops)",
  tags,
  request: { params: oneParams },
  responses: { 200: ParticipantResponse },
});
registerRoute({
  method: "patch",
  path: `${base}/{participant_email}`,
  summary: "Change managers, HR partner or reviewer-only (super admin); null clears",
  tags,
  request: { params: oneParams, body: ParticipantPatchSchema },
  responses: { 200: ParticipantResponse },
});
registerRoute({
  method: "delete",
  path: `${base}/{participant_email}`,
  summary: "Remove a participant (super admin); 409 once feedback about or by them, or a promotion nomination, exists",
  tags,
  request: { params: oneParams },
  responses: { 204: null },
});
registerRoute({
  method: "patch",
  path: `${base}/{participant_email}/calibrated_rating`,
  summary: "Set (1-5) or clear (null) the calibrated rating (super admin; audited)",
  tags,
  request: { params: oneParams, body: CalibratedRatingBodySchema },
  responses: { 200: ParticipantResponse },
});
registerRoute({
  method: "patch",
  path: `${base}/{participant_email}/promotion_decision`,
  summary: "Set (PROMOTED, NOT_PROMOTED, DEFERRED) or clear (null) the promotion decision (super admin; audited)",
  tags,
  request: { params: oneParams, body: PromotionDecisionBodySchema },
  responses: { 200: ParticipantResponse },
});
registerRoute({
  method: "get",
  path: `${base}/{participant_email}/panel`,
  summary: "The participant's mandatory reviewers derived from the cycle's participant records, and the peer requests with status (super admin or HR ops)",
  tags,
  request: { params: oneParams },
  responses: { 200: ParticipantPanelResponse },
});
registerRoute({
  method: "get",
  path: "/api/v1/admin/cycles/{id}/statistics",
  summary: "Progress of the cycle: participants, feedback by reviewer type and status, calibrated ratings, promotion decisions (super admin or HR ops)",
  tags: ["admin cycles"],
  request: { params: z.object({ id: idNumber }) },
  responses: { 200: CycleStatisticsResponse },
});
