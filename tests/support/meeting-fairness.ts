import type { User } from "~/generated/prisma/client.ts";
import * as fairnessRoute from "~/routes/app.calibration-sessions.$sessionId.fairness";
import type { MeetingFairness } from "~/features/insights/meeting-fairness";
import { sessionCookieFor } from "./session";

/** GET a session's fairness panel data as a signed-in user (page cookie), as the meeting pages' fetcher does (ADR 0114, 0120). */
export async function fairnessPanel(user: User, sessionId: number): Promise<{ status: number; body: MeetingFairness & { error?: { code: string } } }> {
  const request = new Request(`http://127.0.0.1/app/calibration-sessions/${sessionId}/fairness?version=1`, { headers: { Cookie: await sessionCookieFor(user.id) } });
  const res = (await fairnessRoute.loader({ request, params: { sessionId: String(sessionId) }, context: {} })) as Response;
  return { status: res.status, body: await res.json() };
}
