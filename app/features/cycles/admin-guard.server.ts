import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CycleJson } from "~/features/cycles/model.server";
import { ApiError } from "~/platform/api.server";
import { assertSuperAdmin, pageGuard, requireUser, type CurrentUser } from "~/platform/auth.server";
import { getCycle } from "~/features/cycles/service.server";

/**
 * For pages under /app/admin/cycles/{cycleId}/...: the signed-in super admin (403 otherwise) and the
 * cycle (404 for a malformed or unknown id). Call in EVERY loader and action of such a page.
 */
export async function requireAdminCycle(
  request: Request,
  params: LoaderFunctionArgs["params"],
): Promise<{ current: CurrentUser; cycle: CycleJson }> {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const raw = params.cycleId ?? "";
  if (!/^\d+$/.test(raw)) throw new Response("Not found", { status: 404, statusText: "Not found" });
  try {
    return { current, cycle: await getCycle(Number(raw)) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Response("Not found", { status: 404, statusText: "Not found" });
    throw err;
  }
}
