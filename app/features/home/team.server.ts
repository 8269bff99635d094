import type { Db, Tx } from "~/platform/db.server";
import { feedbackProgress } from "~/features/feedback/rules";
import { managerFeedbackState, selectionCounts } from "~/features/manager-review/rules";
import { peerChoicesOwed } from "~/features/nudges/pending-work.server";
import { teamProgress } from "~/features/home/rules";
import type { TeamMember, TeamProgress } from "~/features/home/types";

/**
 * A manager's team on the home page (ADR 0036): each direct report of the cycle (the participant's manager in
 * THIS cycle is the viewer; secondary reports are not listed) with the state of their self review, their peer
 * selection and the viewer's manager feedback. Statuses and counts only, never what anyone wrote: what
 * /app/my-reportees already shows the same manager. "Has chosen peers" is the nudges' rule (peerChoicesOwed).
 */

type Client = Db | Tx;

export async function teamProgressOf(client: Client, managerId: number, cycleId: number): Promise<TeamProgress | null> {
  const reports = await client.participant.findMany({
    where: { cycleId, managerId },
    select: { id: true, userId: true, reviewerOnly: true, user: { select: { email: true, name: true, jobTitle: true } } },
  });
  if (reports.length === 0) return null;
  const ids = reports.map((r) => r.id);
  const userIds = reports.map((r) => r.userId);
  const [notChosen, peers, selfRows, managerRows] = await Promise.all([
    peerChoicesOwed(client, cycleId, { userIds }),
    client.peerRequest.groupBy({ by: ["participantId", "status"], where: { cycleId, participantId: { in: ids } }, _count: { _all: true } }),
    client.feedback.findMany({ where: { cycleId, reviewerType: "SELF", revieweeId: { in: ids } }, select: { revieweeId: true, reviewerId: true, status: true, answers: true } }),
    client.feedback.findMany({ where: { cycleId, reviewerType: "MANAGER", reviewerId: managerId, revieweeId: { in: ids } }, select: { revieweeId: true, status: true, answers: true } }),
  ]);
  return teamOf(reports, new Set(notChosen.map((p) => p.participantId)), peers.map((p) => ({ participantId: p.participantId, status: p.status, count: p._count._all })), selfRows, managerRows, cycleId);
}

type Status = "DRAFT" | "SUBMITTED";

/** teamProgressOf's rule on the rows it read (pure; the page's one-statement read gives the same rows). */
export function teamOf(
  reports: ReadonlyArray<{ id: number; userId: number; reviewerOnly: boolean; user: { email: string; name: string; jobTitle: string | null } }>,
  notChosenIds: ReadonlySet<number>,
  peers: ReadonlyArray<{ participantId: number; status: "REQUESTED" | "ACCEPTED" | "DECLINED"; count: number }>,
  selfRows: ReadonlyArray<{ revieweeId: number; reviewerId: number; status: Status; answers: unknown }>,
  managerRows: ReadonlyArray<{ revieweeId: number; status: Status; answers: unknown }>,
  cycleId: number,
): TeamProgress | null {
  if (reports.length === 0) return null;
  const members: TeamMember[] = reports.map((r) => {
    const counts = selectionCounts(peers.filter((p) => p.participantId === r.id));
    const self = selfRows.find((f) => f.revieweeId === r.id && f.reviewerId === r.userId);
    const mine = managerRows.find((f) => f.revieweeId === r.id) ?? null;
    return {
      email: r.user.email,
      name: r.user.name,
      job_title: r.user.jobTitle,
      reviewer_only: r.reviewerOnly,
      self_review: r.reviewerOnly || !self ? "not_requested" : feedbackProgress(self.status, self.answers),
      peer_selection: { state: r.reviewerOnly ? "not_applicable" : notChosenIds.has(r.id) ? "not_chosen" : "chosen", ...counts },
      manager_feedback: r.reviewerOnly ? "not_applicable" : managerFeedbackState(mine),
    };
  });
  members.sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return teamProgress(members, cycleId);
}
