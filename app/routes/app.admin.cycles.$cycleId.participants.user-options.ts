import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { searchUsers } from "~/features/participants/pages.server";

/** Options of the participant forms' user pickers: ?q= name or email (super admin). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminCycle(request, params);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { users: await searchUsers(q) };
}
