import { only } from "~/platform/api-routes.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleParams, QuestionsResponse } from "~/features/questionnaires/contract.server";
import { api, parseParams } from "~/platform/api.server";
import { assertAdminCycleContext, requireApiUser } from "~/platform/auth.server";
import { getCycleQuestions } from "~/features/questionnaires/service.server";

/** GET /api/v1/admin/cycles/{cycle_id}/questions (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id } = parseParams(params, CycleParams);
    return QuestionsResponse.parse(await getCycleQuestions(id));
  });

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
