import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadInsightsIndex } from "~/features/insights/pages.server";

/** /app/insights?cycle_id=: to a cycle's fairness insights (the cycle picker's form; super admins and HR partners). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadInsightsIndex(request);
}
