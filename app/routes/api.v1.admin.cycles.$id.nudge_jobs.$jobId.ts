import type { LoaderFunctionArgs } from "@remix-run/node";
import { NudgeJobDetailResponse, NudgeJobParams, PageQuerySchema } from "~/features/nudges/contract.server";
import { api, methodNotAllowed, parseParams, parseQuery } from "~/platform/api.server";
import { assertAdminCycleContext, requireApiUser } from "~/platform/auth.server";
import { getNudgeJobDetail } from "~/features/nudges/service.server";

/** GET /api/v1/admin/cycles/{cycle_id}/nudge_jobs/{job_id}: the job, its counts and a page of its row errors. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id, jobId } = parseParams(params, NudgeJobParams);
    const query = parseQuery(request, PageQuerySchema);
    return NudgeJobDetailResponse.parse(await getNudgeJobDetail(id, jobId, query));
  });

export const action = () => methodNotAllowed(["GET"]);
