import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminSummaryQuery, CycleIdParam } from "~/features/summaries/contract.server";
import { api, methodNotAllowed, parseParams, parseQuery } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { getFeedbackSummary } from "~/features/summaries/service.server";
import { summaryPdfResponse } from "~/features/summaries/pdf.server";

/** GET /api/v1/admin/cycles/{cycle_id}/feedbacks_summary/download?email=: one participant's summary PDF, named (super admin). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { cycle_id } = parseParams(params, CycleIdParam);
    const { email } = parseQuery(request, AdminSummaryQuery);
    return summaryPdfResponse(await getFeedbackSummary(current, "admin", cycle_id, email), request);
  });

export const action = () => methodNotAllowed(["GET"]);
