import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { api, methodNotAllowed } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { computeRouteFlags } from "~/features/shell/navigation.server";
import { RouteConfigResponse } from "~/features/shell/contract.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    return RouteConfigResponse.parse({ route_config: await computeRouteFlags(await getDb(), current.user.id) });
  });
export const action = () => methodNotAllowed(["GET"]);
