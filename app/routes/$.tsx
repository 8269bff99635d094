import type { MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/platform/ui/error-view";

/** Any unknown path outside /app: '404 Page Not Found' with status 404. */
export const loader = () => new Response(null, { status: 404 });
export const meta: MetaFunction = () => [{ title: "404 Page Not Found | PMR" }];

export default function NotFound() {
  return <NotFoundPage />;
}
