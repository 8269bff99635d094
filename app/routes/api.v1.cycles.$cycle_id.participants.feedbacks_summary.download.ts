import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleIdParam } from "~/features/summaries/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { getFeedbackSummary } from "~/features/summaries/service.server";
import { summaryPdfResponse } from "~/features/summaries/pdf.server";

/** GET /api/v1/cycles/{cycle_id}/participants/feedbacks_summary/download: your own summary as a PDF. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { cycle_id } = parseParams(params, CycleIdParam);
    return summaryPdfResponse(await getFeedbackSummary(current, "own", cycle_id), request);
  });

export const action = () => methodNotAllowed(["GET"]);
