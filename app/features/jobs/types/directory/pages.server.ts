import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobPagePath, requireJobPage } from "~/features/jobs/pages.server";
import { DIRECTORY_CSV_COLUMNS } from "~/features/jobs/types/directory/columns";
import { directoryTemplateCsv } from "~/features/jobs/types/directory/export.server";
import type { DirectoryImportPageData } from "~/features/jobs/types/directory/page-data";
import { csvDownload } from "~/platform/csv";
import { getDb } from "~/platform/db.server";
import { attributeColumns } from "~/features/jobs/types/directory/attribute-columns.server";

/** The directory import's pages (ADR 0052; super admin only): the upload form and its CSV template. */

export const DIRECTORY_IMPORT_PAGE = "/app/admin/users/import";

/** /app/admin/users/import: the columns, the template, the directory download and the jobs page. */
export async function directoryImportLoader({ request, params }: LoaderFunctionArgs): Promise<DirectoryImportPageData> {
  await requireJobPage(request, params, "IMPORT_DIRECTORY");
  return {
    // The import's columns, then one per people attribute kept as a value (ADR 0110).
    columns: [...DIRECTORY_CSV_COLUMNS, ...(await attributeColumns(await getDb())).map((a) => a.name)],
    jobsPath: jobPagePath(null, "IMPORT_DIRECTORY"),
    templateHref: `${DIRECTORY_IMPORT_PAGE}/template.csv`,
    exportHref: "/api/v1/admin/users/directory.csv",
  };
}

/** /app/admin/users/import/template.csv: the header row of a directory import. */
export async function directoryTemplateLoader({ request, params }: LoaderFunctionArgs): Promise<Response> {
  await requireJobPage(request, params, "IMPORT_DIRECTORY");
  return csvDownload(await directoryTemplateCsv(), "directory-template.csv");
}
