import { parseStoredDecision } from "~/features/participants/rules";
import { VOTE_LABELS, tallyVotes } from "~/features/promotions/rules";
import { decisionJson, nomineeJson, personJson } from "~/features/promotions/model.server";
import type { DecisionChangeJson, EndorsementJson, SessionNominationJson, VoteJson } from "~/features/promotions/types";

type Person = { id: number; name: string; email: string };

/** One nomination of a session as the prepared reads give it (JSON columns), whatever statement read it. */
export type NominationFacts = {
  spId: number;
  nominationId: number;
  participantId: number;
  nominee: Person & { jobTitle: string | null; department: string | null; level: string | null };
  manager: Person | null;
  nominatedBy: Person | null;
  rationale: string | null;
  nominationStatus: string;
  decision: string | null;
  votes: Array<{ vote: string; note: string | null; updatedAt: string; panelist: Person }>;
  changes: Array<{ id: number; oldText: string | null; newText: string | null; reason: string; createdAt: string; changedBy: Person | null }>;
  commentCount: number;
  terminated: boolean;
};

/**
 * A session's nomination as the API answers it (getPromotionSessionDetail), for `viewerId`: the HR partner's session
 * page (session-detail-reads) and the panelist's and sign-off party's pages (meeting-reads) build it here alike.
 */
export function sessionNominationJson(n: NominationFacts, endorsements: EndorsementJson[], viewerId: number): SessionNominationJson {
  const votes: VoteJson[] = n.votes.flatMap((v) => {
    const d = parseStoredDecision(v.vote);
    return d ? [{ panelist: personJson(v.panelist), vote: d, vote_label: VOTE_LABELS[d], note: v.note, updated_at: v.updatedAt }] : [];
  });
  const history: DecisionChangeJson[] = n.changes.map((c, i) => ({
    id: c.id,
    old_value: parseStoredDecision(c.oldText),
    new_value: parseStoredDecision(c.newText),
    reason: c.reason,
    changed_by: c.changedBy ? personJson(c.changedBy) : null,
    created_at: c.createdAt,
    superseded: i > 0,
  }));
  return {
    session_participant_id: n.spId,
    nomination_id: n.nominationId,
    nominee: nomineeJson(n.participantId, n.nominee),
    manager: n.manager ? personJson(n.manager) : null,
    nominated_by: n.nominatedBy ? personJson(n.nominatedBy) : null,
    rationale: n.rationale,
    nomination_status: n.nominationStatus === "nominated" ? "nominated" : "withdrawn",
    endorsements,
    votes,
    tally: tallyVotes(votes),
    my_vote: votes.find((v) => v.panelist.id === viewerId) ?? null,
    decision: decisionJson(n.decision),
    history,
    comment_count: n.commentCount,
    terminated: n.terminated,
  };
}
