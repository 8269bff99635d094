import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { NudgesPage } from "~/features/nudges/components/nudges-page";
import { loadNudgesPage, nudgesPageAction } from "~/features/nudges/pages.server";

export const handle = pageTitle<typeof loader>((data) => pageMessage("nudges.pageTitle", { cycle: data?.cycle.name ?? "—" }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  return loadNudgesPage(request, cycle);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  return nudgesPageAction(request, current.actor, cycle.id);
}

export default function Nudges() {
  return <NudgesPage />;
}
