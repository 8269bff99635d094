import { getDb } from "~/platform/db.server";
import { isSuperAdmin, type CurrentUser } from "~/platform/auth.server";

/**
 * The insight page's rule for a calibration or promotion session (issue 29, ADR 0111): super admins and the HR partner
 * who created the session open it; anyone else only when the session holds people whose HR partner they are. The
 * insights service refuses by it (service.server.ts sessionAccess), and the session lists and pages show their link
 * to the insights by it (ADR 0117), so a link is never shown to someone the page refuses.
 */

type Reader = { userId: number; superAdmin: boolean };
type Session = { id: number; createdById: number | null };

const readerOf = (current: CurrentUser): Reader => ({ userId: current.user.id, superAdmin: isSuperAdmin(current) });

/** The rule; `holdsReadersPeople` undefined (not read): undefined unless it decides without it. */
export function sessionInsightPageOpens(reader: Reader, session: { createdById: number | null }, holdsReadersPeople?: boolean): boolean | undefined {
  if (reader.superAdmin || session.createdById === reader.userId) return true;
  return holdsReadersPeople;
}

/** Whether the session holds a participant whose HR partner `userId` is (one statement). */
export async function sessionHoldsPeopleOf(sessionId: number, userId: number): Promise<boolean> {
  const db = await getDb();
  return (await db.calibrationSessionParticipant.findFirst({ where: { sessionId, participant: { hrPartnerId: userId } }, select: { id: true } })) !== null;
}

/** A session page's link: the whole rule, reading whether the session holds the reader's people only when it must. */
export async function mayOpenSessionInsights(current: CurrentUser, session: Session): Promise<boolean> {
  const reader = readerOf(current);
  return sessionInsightPageOpens(reader, session) ?? sessionInsightPageOpens(reader, session, await sessionHoldsPeopleOf(session.id, reader.userId))!;
}

/**
 * A session list's links, without a read of its own (issue 27: a list page's round trips): the sessions the rule opens
 * as it stands (the reader's own, or all for a super admin). A listed session the reader runs without having created
 * it is linked from its own page, where the rest of the rule is read.
 */
export function listedSessionInsights(current: CurrentUser, sessions: readonly Session[]): number[] {
  const reader = readerOf(current);
  return sessions.filter((s) => sessionInsightPageOpens(reader, s) === true).map((s) => s.id);
}
