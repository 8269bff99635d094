import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db.server";
import { api, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { hasDirectReport } from "~/services/navigation.server";
import { registerRoute } from "~/services/openapi.server";

export const HasDirectReportResponse = z.object({ has_direct_report: z.boolean() });

registerRoute({
  method: "get",
  path: "/api/v1/users/has_direct_report",
  summary: "Whether the signed-in user manages anyone",
  responses: { 200: HasDirectReportResponse },
});

export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    return HasDirectReportResponse.parse({ has_direct_report: await hasDirectReport(await getDb(), current.user.id) });
  });
export const action = () => methodNotAllowed(["GET"]);
