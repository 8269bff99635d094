/**
 * Plausible bodies for the writes of the authorization matrix (ADR 0042): for a refused caller a write must be
 * refused by its guard, not by its body's validation, so each write gets a body its schema accepts, naming the
 * binding's objects (someone else's, or the caller's own).
 */
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import { PROMOTION_DECISIONS } from "~/features/participants/rules";
import { ENDORSEMENT_OUTCOMES } from "~/features/promotions/rules";
import type { Binding, World } from "./authz-world";

type Body = { json: unknown; form: Record<string, string> };

/** The JSON body (API) and form fields (pages) of a write to a route, for a binding. */
export function bodyFor(routeId: string, method: string, b: Binding, w: World): Body {
  const ids = (role: "sessionAdmin" | "panelist" | "signOff") => w.callers[role].user!.id;
  const sessionInput = {
    name: "Matrix session",
    participant_ids: [b.participantId],
    session_admin_id: ids("sessionAdmin"),
    panelist_ids: [ids("panelist")],
    sign_off_ids: [ids("signOff")],
    guideline: { ...DEFAULT_GUIDELINE },
  };
  const promotionInput = { name: "Matrix promotion session", nomination_ids: [b.nomination], session_admin_id: null, panelist_ids: [ids("panelist")], sign_off_ids: [ids("signOff")] };
  const rules: Array<[RegExp, unknown]> = [
    [/\.comments$/, { body: "Matrix comment" }],
    [/\.calibration_rating$/, { rating: 3, justification: "Matrix justification" }],
    [/\.participants\.\$participant_id\._index$/, { calibrated_rating: 3, reason: "Matrix reason" }],
    [/\.move_participants_to\./, { participant_ids: [b.sessionParticipantId] }],
    [/\.progress_to_close$/, { comment: "Matrix" }],
    [/\.progress_to_revision_requested$/, { comment: "Matrix revision" }],
    [/\.(progress_to_review|terminate_participant|activate|close_all|close_in_review|accept|transition|submit|approve|\$transition)$/, {}],
    [/promotion_calibration_sessions\._index$/, method === "POST" ? promotionInput : {}],
    [/promotion_calibration_sessions\.\$session_id\._index$/, { name: "Matrix renamed" }],
    [/calibration_sessions\._index$/, method === "POST" ? sessionInput : {}],
    [/calibration_sessions\.\$session_id\._index$/, { name: "Matrix renamed" }],
    [/\.promotion_nominations\.\$nomination_id\.endorsements$/, { endorser_ids: [w.callers.employee.user!.id] }],
    [/\.decision$/, { decision: PROMOTION_DECISIONS[0], reason: "Matrix reason" }],
    [/\.vote$/, { vote: PROMOTION_DECISIONS[0] }],
    [/\.endorse$/, { outcome: ENDORSEMENT_OUTCOMES[0], endorsement: "Matrix endorsement" }],
    [/\.reject$/, { reason: "Matrix reason" }],
    [/direct_reports\.\$email\.feedback\._index$/, { answers: {} }],
    [/participants\.\$email\.feedback(\.adjust)?$/, { answers: {} }],
    [/panel\.new$/, { peer_email: w.callers.endorser.user!.email }],
    // The built-in gender attribute (id 1 of its migration), visible to HR partners.
    [/users\.\$id\.attributes$/, { values: [{ attribute_id: 1, value: "Matrix value" }] }],
  ];
  const json = rules.find(([re]) => re.test(routeId))?.[1] ?? {
    // zod objects that are not strict drop what they do not know: one body fits many writes.
    name: "Matrix change",
    email: b.email,
    participant_email: b.email,
    spoofed_user_email: b.email,
    peer_email: w.callers.endorser.user!.email,
    rationale: "Matrix: a plausible rationale for this nomination.",
    rating: 3,
    comment: "Matrix comment",
    body: "Matrix body",
    text: "Matrix text",
    reason: "Matrix reason",
    has_liked: true,
    answers: {},
    coachmark_type: "user_feedback",
    is_dismissed: true,
    reviewee_email: b.email,
  };
  const form: Record<string, string> = { intent: "save", name: "Matrix change", email: b.email, rating: "3", comment: "Matrix", body: "Matrix", reason: "Matrix", rationale: "Matrix rationale" };
  return { json, form };
}
