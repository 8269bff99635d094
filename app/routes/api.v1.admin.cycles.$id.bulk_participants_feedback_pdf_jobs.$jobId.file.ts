import type { LoaderFunctionArgs } from "@remix-run/node";
import { JobParams } from "~/features/jobs/contract.server";
import { api, methodNotAllowed, parseParams } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { jobOutputResponse } from "~/features/jobs/queries.server";

/**
 * GET /api/v1/admin/cycles/{cycle_id}/bulk_participants_feedback_pdf_jobs/{job_id}/file: the ZIP of PDFs.
 * Super admin only (unlike other job files): the PDFs hold named feedback (ADR 0023).
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id, jobId } = parseParams(params, JobParams);
    return jobOutputResponse(id, "BULK_FEEDBACK_PDF", jobId);
  });

export const action = () => methodNotAllowed(["GET"]);
