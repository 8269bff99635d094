import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleEmailParams } from "~/features/summaries/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getFeedbackSummary } from "~/features/summaries/service.server";
import { summaryPdfResponse } from "~/features/summaries/pdf.server";

/** GET /api/v1/cycles/{cycle_id}/secondary_reports/{email}/feedbacks_summary/download: the summary as a PDF (ADR 0023). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id, email } = parseParams(params, CycleEmailParams);
    return summaryPdfResponse(await getFeedbackSummary(current, "secondary_report", cycle_id, email), request);
  });

export const action = () => methodNotAllowed(["GET"]);
