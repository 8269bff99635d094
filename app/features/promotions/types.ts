/**
 * The JSON of the promotion calls (issue 14): pure types, shared by the services, the API contract and the pages.
 */
import type { SessionState } from "~/features/calibration/rules";
import type { EndorsementOutcome, EndorsementStatus, PromotionAction, PromotionDecision, VoteTally } from "~/features/promotions/rules";
import type { SessionRole } from "~/features/calibration/rules";

export type PersonJson = { id: number; name: string; email: string };
export type NomineeJson = PersonJson & { participant_id: number; job_title: string | null; department: string | null; level: string | null };

export type EndorsementJson = {
  id: number;
  cycle_id: number;
  cycle_name: string;
  nomination_id: number;
  session_id: number | null;
  endorser: PersonJson;
  nominee: NomineeJson;
  status: EndorsementStatus;
  status_label: string;
  outcome: EndorsementOutcome | null;
  outcome_label: string;
  /** The written endorsement: only for the endorser, the session's members and super admins. */
  body: string | null;
  reject_reason: string | null;
  source: "session_admin" | "cycle_rule";
  deadline: string | null;
  responded_at: string | null;
  endorsed_at: string | null;
  created_at: string;
};

/** The endorser's view of one request: the request and what they need to answer it (the nomination's rationale). */
export type EndorsementDetailJson = EndorsementJson & {
  rationale: string | null;
  nominated_by: PersonJson | null;
  /** What the viewer may do now. */
  can: { accept: boolean; reject: boolean; endorse: boolean };
};

export type DecisionJson = { value: PromotionDecision; label: string };

export type DecisionChangeJson = {
  id: number;
  old_value: PromotionDecision | null;
  new_value: PromotionDecision | null;
  reason: string;
  changed_by: PersonJson | null;
  created_at: string;
  superseded: boolean;
};

export type VoteJson = { panelist: PersonJson; vote: PromotionDecision; vote_label: string; note: string | null; updated_at: string };

export type SessionNominationJson = {
  /** The session participant's id: the {nomination} paths of a session use the nomination id, the comments this one. */
  session_participant_id: number;
  nomination_id: number;
  nominee: NomineeJson;
  manager: PersonJson | null;
  nominated_by: PersonJson | null;
  rationale: string | null;
  nomination_status: "nominated" | "withdrawn";
  endorsements: EndorsementJson[];
  votes: VoteJson[];
  tally: VoteTally;
  my_vote: VoteJson | null;
  decision: DecisionJson | null;
  history: DecisionChangeJson[];
  comment_count: number;
  terminated: boolean;
};

export type PromotionSessionJson = {
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
  nomination_count: number;
  decided_count: number;
  version: number;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
};

export type PromotionSessionDetailJson = {
  session: PromotionSessionJson;
  my_roles: SessionRole[];
  allowed: Record<PromotionAction, boolean>;
  nominations: SessionNominationJson[];
};

/** A nomination as the HR partner or the admin lists it (the pool sessions are built from). */
export type NominationRowJson = {
  id: number;
  cycle_id: number;
  nominee: NomineeJson;
  manager: PersonJson | null;
  hr_partner: PersonJson | null;
  nominated_by: PersonJson | null;
  rationale: string | null;
  status: "nominated" | "withdrawn";
  session: { id: number; name: string; state: SessionState } | null;
  endorsements: Array<Pick<EndorsementJson, "id" | "endorser" | "status" | "status_label" | "outcome" | "outcome_label" | "deadline">>;
  endorsement_counts: Record<EndorsementStatus, number>;
  decision: DecisionJson | null;
  promotion_decision: DecisionJson | null;
  created_at: string;
};

export type DashboardJson = {
  cycle: { id: number; name: string; stage: string } | null;
  cycles: Array<{ id: number; name: string; nominated: number; withdrawn: number; decided: number; promoted: number }>;
  endorsements: Array<{ status: EndorsementStatus; label: string; count: number }>;
  endorsement_completion: { requested: number; completed: number; rate: number | null };
  sessions: Array<{ state: SessionState; label: string; count: number; nominations: number; decided: number }>;
  by_department: Array<{ key: string; decided: number; promoted: number; rate: number | null }>;
  by_level: Array<{ key: string; decided: number; promoted: number; rate: number | null }>;
  by_manager: Array<{ key: string; decided: number; promoted: number; rate: number | null }>;
};
