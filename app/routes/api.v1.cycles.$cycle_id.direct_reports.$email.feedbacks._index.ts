import { only } from "~/platform/api-routes.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams, ReportFeedbacksResponse } from "~/features/manager-review/contract.server";
import { api, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listReportFeedbacks } from "~/features/manager-review/service.server";

/** GET /api/v1/cycles/{cycle_id}/direct_reports/{email}/feedbacks: each reviewer's feedback about my direct report. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return ReportFeedbacksResponse.parse(await listReportFeedbacks(current.user.id, cycle_id, email));
  });

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
