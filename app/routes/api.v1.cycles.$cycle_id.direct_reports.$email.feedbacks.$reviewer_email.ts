import { only } from "~/platform/api-routes.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ReportFeedbackResponse, ReportReviewerParams } from "~/features/manager-review/contract.server";
import { api, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getReportFeedback } from "~/features/manager-review/service.server";

/** GET /api/v1/cycles/{cycle_id}/direct_reports/{email}/feedbacks/{reviewer_email}: one reviewer's feedback. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email, reviewer_email } = parseParams(params, ReportReviewerParams);
    return ReportFeedbackResponse.parse(await getReportFeedback(current.user.id, cycle_id, email, reviewer_email));
  });

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
