import { NotFoundPage } from "~/platform/ui/error-view";
import { pageTitle } from "~/platform/i18n/page-title";

/** Any unknown path outside /app: '404 Page Not Found' with status 404. */
export const loader = () => new Response(null, { status: 404 });
export const handle = pageTitle("titles.notFound");

export default function NotFound() {
  return <NotFoundPage />;
}
