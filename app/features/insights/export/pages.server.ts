import { redirect } from "@remix-run/node";
import { requireUser } from "~/platform/auth.server";
import { badRequest } from "~/platform/api.server";
import { forPage, pageIdParam } from "~/platform/page-errors.server";
import { InsightsQuery } from "~/features/insights/contract.server";
import { readExportJobPage, startInsightsExport } from "~/features/insights/export/service.server";
import { exportJobPagePath, type ExportJobPageData, type ExportScope } from "~/features/insights/export/rules";

/**
 * The insights CSV export's page parts (ADR 0115): the insight pages' "Export as CSV" form (a POST to the page itself,
 * with the filters in effect as `filter` fields, exactly as the page's address holds them) starts a job and goes to its
 * page, /app/insights/exports/{jobId}, which shows the job's progress and then its file. The rules are the service's
 * (the insights' rule for the scope; someone else's export is 404 but to a super admin; 403 / 404 pages).
 */

/** The insight page's action: start an export of `kind`'s insights (the id of the address) with the form's filters. */
export async function startExportFromPage(request: Request, kind: ExportScope["kind"], rawId: string | undefined): Promise<Response> {
  const current = await requireUser(request);
  const id = pageIdParam(rawId);
  const scope: ExportScope = kind === "cycle" ? { kind, cycleId: id } : { kind, sessionId: id };
  const form = await request.formData();
  const job = await forPage(async () => {
    // The filters as the insights' API reads ?filter= (one parser); a malformed one is the 400 page.
    const parsed = InsightsQuery.safeParse({ filter: form.getAll("filter").filter((f): f is string => typeof f === "string" && f !== "") });
    if (!parsed.success) throw badRequest("A filter is <attribute id>:<value>");
    return startInsightsExport(current, scope, parsed.data.filter ?? []);
  });
  return redirect(exportJobPagePath(job.id));
}

/** /app/insights/exports/{jobId}. */
export async function loadExportJobPage(request: Request, rawJobId: string | undefined): Promise<ExportJobPageData> {
  const current = await requireUser(request);
  const jobId = pageIdParam(rawJobId, /^\d{1,9}$/);
  return forPage(() => readExportJobPage(current, jobId));
}
