import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { NudgesPage } from "~/features/nudges/components/nudges-page";
import { loadNudgesPage, nudgesPageAction } from "~/features/nudges/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Nudges - ${data?.cycle.name ?? "Cycle"} - PMR` }];

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
