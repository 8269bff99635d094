import type { MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/platform/ui/error-view";

/** Unknown paths under /app render '404 Page Not Found' inside the shell, with status 404. */
export const loader = () => new Response(null, { status: 404 });
export const meta: MetaFunction = () => [{ title: "404 Page Not Found | PMR" }];

export default function AppNotFound() {
  return <NotFoundPage />;
}
