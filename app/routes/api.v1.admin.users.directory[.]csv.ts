import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, methodNotAllowed } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { directoryCsvResponse } from "~/features/jobs/types/directory/export.server";

/** GET /api/v1/admin/users/directory.csv: the directory in the import's columns (super admin; ADR 0052). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    assertSuperAdmin(await requireApiUser(request));
    return directoryCsvResponse();
  });
export const action = () => methodNotAllowed(["GET"]);
