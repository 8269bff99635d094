import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CycleJson } from "~/features/cycles/model.server";
import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
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
  const cycleId = pageIdParam(params.cycleId);
  return { current, cycle: await orNotFoundPage(() => getCycle(cycleId)) };
}
