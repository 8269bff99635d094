import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { ErrorView, specPageText } from "~/platform/ui/error-view";

/**
 * Every page under /app/admin requires a super admin (spec §6); others get
 * 'You do not have access to this page' with status 403. Each admin route's action checks again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    const key = error.status === 403 ? "errors.adminOnly" : specPageText(error.data);
    return <ErrorView status={error.status} message={key && t(key)} />;
  }
  return <ErrorView crash />;
}
