import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { api, methodNotAllowed } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { hasDirectReport } from "~/features/shell/navigation.server";
import { HasDirectReportResponse } from "~/features/shell/contract.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    return HasDirectReportResponse.parse({ has_direct_report: await hasDirectReport(await getDb(), current.user.id) });
  });
export const action = () => methodNotAllowed(["GET"]);
