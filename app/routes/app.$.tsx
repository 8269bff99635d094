import { NotFoundPage } from "~/platform/ui/error-view";
import { pageTitle } from "~/platform/i18n/page-title";

/** Unknown paths under /app render '404 Page Not Found' inside the shell, with status 404. */
export const loader = () => new Response(null, { status: 404 });
export const handle = pageTitle("titles.notFound");

export default function AppNotFound() {
  return <NotFoundPage />;
}
