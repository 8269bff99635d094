/**
 * The JSON the calibration API answers and the pages render (pure types: components import them).
 */
import type { DistributionRow, Guideline, OutlierFlag, SessionAction, SessionRole, SessionState } from "~/features/calibration/rules";
import type { StoredMessage } from "~/platform/i18n/stored-text";

export type PersonJson = { id: number; name: string; email: string };

export type SessionJson = {
  id: number;
  cycle_id: number;
  cycle_name: string;
  name: string;
  state: SessionState;
  state_label: string;
  deadline: string | null;
  created_by: PersonJson | null;
  session_admin: PersonJson | null;
  panelists: PersonJson[];
  sign_off_parties: PersonJson[];
  guideline: Guideline;
  participant_count: number;
  /** Participants (not terminated) whose rating differs from the proposed one. */
  changed_count: number;
  terminated_count: number;
  version: number;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
};

export type ProposalJson = { panelist: PersonJson; rating: number; justification: string; created_at: string };

export type NominationDetailsJson = {
  status: string;
  rationale: string | null;
  nominated_by: PersonJson | null;
  created_at: string;
};

export type SessionParticipantJson = {
  /** The session participant's id (the {participantId} of the calibration routes). */
  id: number;
  participant_id: number;
  user: PersonJson & { job_title: string | null; department: string | null };
  manager: PersonJson | null;
  proposed_rating: number | null;
  rating: number | null;
  proposed_potential: number | null;
  potential: number | null;
  terminated: boolean;
  terminated_at: string | null;
  /** The latest proposal of each panelist. */
  proposals: ProposalJson[];
  comment_count: number;
  promotion_nomination: NominationDetailsJson | null;
};

export type RatingChangeJson = {
  id: number;
  session_participant_id: number;
  participant: PersonJson;
  field: "rating" | "potential";
  old_value: number | null;
  new_value: number | null;
  reason: string;
  changed_by: PersonJson | null;
  created_at: string;
  /** A later change of the same field of the same person exists (the page strikes this value through). */
  superseded: boolean;
};

export type CommentJson = {
  id: number;
  session_participant_id: number | null;
  author: PersonJson;
  body: string;
  /** A sign-off comment ("Revision requested: …") as a translation key with the comment as a value (ADR 0096); null or absent: `body` as it is. */
  body_key?: StoredMessage | null;
  created_at: string;
};

export type SessionDetailJson = {
  session: SessionJson;
  my_roles: SessionRole[];
  allowed: Record<SessionAction, boolean>;
  participants: SessionParticipantJson[];
  distribution: { rated: number; unrated: number; rows: DistributionRow[] };
  history: RatingChangeJson[];
  /** Session-level comments (the sign-off party's, and notes on the session). */
  comments: CommentJson[];
  outliers: OutlierFlag[];
  /** Sessions of the same cycle a participant may be moved to (session admin). */
  move_targets: Array<{ id: number; name: string; state: SessionState }>;
};

export type HrPartnerParticipantJson = {
  participant_id: number;
  user: PersonJson & { job_title: string | null; department: string | null };
  manager: PersonJson | null;
  proposed_rating: number | null;
  calibrated_rating: number | null;
  reviewer_only: boolean;
  session: { id: number; name: string; state: SessionState } | null;
};

export type SessionInput = {
  name: string;
  participant_ids: number[];
  session_admin_id: number;
  panelist_ids: number[];
  sign_off_ids: number[];
  guideline: Guideline;
  deadline: string | null;
};
