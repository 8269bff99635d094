import type { LoaderFunctionArgs } from "@remix-run/node";
import { CycleListResponse } from "~/features/cycles/contract.server";
import { api, methodNotAllowed } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { listCycles } from "~/features/cycles/service.server";

/** GET /api/v1/cycles — any signed-in user; cycles in list order. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    await requireApiUser(request);
    return CycleListResponse.parse({ cycles: await listCycles() });
  });

export const action = () => methodNotAllowed(["GET"]);
