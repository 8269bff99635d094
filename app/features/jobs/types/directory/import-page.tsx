import { useActionData, useLoaderData } from "@remix-run/react";
import { Link, Typography } from "@mui/material";
import { UploadJobForm } from "~/features/jobs/components/upload-job-form";
import type { JobFormFailure } from "~/features/jobs/rules";
import type { DirectoryImportPageData } from "~/features/jobs/types/directory/page-data";

/** /app/admin/users/import (ADR 0052): the directory CSV upload form, with the template and the directory download. */
export function DirectoryImportRoute() {
  const { columns, jobsPath, templateHref, exportHref } = useLoaderData<DirectoryImportPageData>();
  const result = useActionData<JobFormFailure>();
  return (
    <UploadJobForm
      cycle={null}
      parent={{ path: "/app/admin/users", label: "Users" }}
      title="Import users"
      jobsPath={jobsPath}
      templateHref={templateHref}
      links={
        <Link href={exportHref} download data-testid="directory-export-link">
          Download the directory
        </Link>
      }
      result={result ?? null}
      description={
        <>
          <Typography>
            Create and update users from a CSV file, one row per person, matched by email (upper or lower case alike). Managers, secondary
            managers and HR partners are named by email and may be listed later in the file than the people they manage. Download the
            directory, edit it in a spreadsheet and upload it again to change many people at once.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Columns: {columns.join(", ")}. Only email is required; a column the file leaves out keeps what each existing user has, and a
            blank cell clears an optional field (a blank name, role or active keeps the user's). role is SUPER_ADMIN, PEOPLE_PARTNER,
            HR_OPS or EMPLOYEE (default for new users); start_date is YYYY-MM-DD; active is true or false (false deactivates the user and
            signs them out everywhere). The file is checked and saved in the background; its page shows the progress and every invalid row.
          </Typography>
        </>
      }
    />
  );
}
