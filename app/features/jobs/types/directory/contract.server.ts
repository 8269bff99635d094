import { z } from "zod";
import { bearerAuth, ErrorBodySchema, registry } from "~/platform/openapi/registry.server";
import { DIRECTORY_CSV_COLUMNS } from "~/features/jobs/types/directory/columns";

/**
 * The directory download (ADR 0052). The directory import's own routes (/api/v1/admin/directory_import_jobs) are the
 * generic job routes, documented by app/features/jobs/contract.server.ts from JOB_TYPES.
 */

const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBodySchema } } });

registry.registerPath({
  method: "get",
  path: "/api/v1/admin/users/directory.csv",
  summary: `The directory as a CSV in the import's columns (${DIRECTORY_CSV_COLUMNS.join(", ")}): every user who is not erased (super admin)`,
  tags: ["admin users"],
  security: [{ [bearerAuth.name]: [] }],
  responses: {
    200: { description: "The CSV (Content-Disposition: attachment)", content: { "text/csv": { schema: z.string() } } },
    401: error("Not signed in"),
    403: error("Not a super admin"),
  },
});
