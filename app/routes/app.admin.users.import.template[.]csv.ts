import { directoryTemplateLoader } from "~/features/jobs/types/directory/pages.server";

/** GET /app/admin/users/import/template.csv: the header row of a directory import. */
export const loader = directoryTemplateLoader;
