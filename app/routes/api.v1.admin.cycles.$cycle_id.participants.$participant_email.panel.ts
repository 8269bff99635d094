import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CycleParticipantParams, ParticipantPanelResponse } from "~/features/participants/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, requireApiUser } from "~/platform/auth.server";
import { getParticipantPanel } from "~/features/participants/queries.server";

/** GET /api/v1/admin/cycles/{cycle_id}/participants/{participant_email}/panel — mandatory reviewers (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { cycle_id, participant_email } = parseParams(params, CycleParticipantParams);
    return ParticipantPanelResponse.parse(await getParticipantPanel(cycle_id, participant_email));
  });

export const action = (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
