import { assertSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { notFound } from "~/platform/api.server";
import { findParticipantByEmail } from "~/features/cycles/context.server";
import { addPeer, panelAfterWrite, type PanelJson, type SubjectResolver } from "~/features/peer-selection/panels.server";

/**
 * The admin's side of a participant's panel (POST admin/cycles/{cycle_id}/participants/{participant_email}/panel/new,
 * ADR 0034): a super admin adds a reviewer to any participant's peers and stakeholders, under the same rules as the
 * manager (the selection stage, not reviewer-only, the cycle's maximum, no duplicate or mandatory reviewer), and
 * the panel status stays as it was. The request goes to the reviewer like any other; audited `peer_request.create`
 * with `by: "admin"`.
 */
const anyParticipant =
  (cycleId: number, email: string): SubjectResolver =>
  async (client) => {
    const p = await findParticipantByEmail(client, cycleId, email);
    if (!p) throw notFound(`No participant ${email} in this cycle`);
    return p;
  };

export async function addAdminPanelReviewer(
  current: CurrentUser,
  cycleId: number,
  email: string,
  peerEmail: string,
): Promise<{ panel: PanelJson; warning: string | null }> {
  assertSuperAdmin(current);
  const resolve = anyParticipant(cycleId, email);
  const { warning } = await addPeer(current, cycleId, resolve, "admin", peerEmail);
  return { panel: await panelAfterWrite(cycleId, resolve, "admin"), warning };
}

/** The panel as an admin edits it (can_edit, counters, who is taken) for the admin panel page's add-reviewer form. */
export async function getAdminPanelView(current: CurrentUser, cycleId: number, email: string): Promise<PanelJson> {
  assertSuperAdmin(current);
  return panelAfterWrite(cycleId, anyParticipant(cycleId, email), "admin");
}
