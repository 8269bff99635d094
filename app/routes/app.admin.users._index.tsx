import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { readUsersListPage, usersListAction } from "~/features/users/pages.server";
import { UsersListPage } from "~/features/users/components/users-list-page";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.users");

/** Super Admin > Users: one page of the directory, filtered, sorted and paged by the server from the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return readUsersListPage(current, request);
}

/** "Spoof" in the table: view the product as that user, then their home page. */
export async function action({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return usersListAction(current, request);
}

export default function AdminUsers() {
  return <UsersListPage data={useLoaderData<typeof loader>()} />;
}
