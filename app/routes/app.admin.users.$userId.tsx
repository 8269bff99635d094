import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageIdParam } from "~/platform/page-errors.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { readUserPage, userPageAction } from "~/features/users/pages.server";
import { adminTokenAction } from "~/features/auth/tokens/pages.server";
import { UserPage } from "~/features/users/components/user-page";
import { attributeValuesPageAction } from "~/features/insights/person-attributes.server";
import { readPersonAttributes } from "~/features/insights/attribute-values.server";
import { AttributeFields } from "~/features/insights/components/attribute-fields";
import { pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle<typeof loader>((data) =>
  data?.user.name ? pageMessage("titles.user", { name: data.user.name }) : pageMessage("titles.userUnknown"),
);

const userIdOf = (params: LoaderFunctionArgs["params"]): number => pageIdParam(params.userId, /^\d{1,9}$/);

/** A user's page for the super admin: the user with the people around them, their live API tokens and attribute values. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  const page = await readUserPage(current, id);
  return { ...page, attributes: await readPersonAttributes(id, "super_admins") };
}

/** A token's revocation (the tokens feature), the attribute values (insights), else details (save), deactivate, reactivate, role, spoof (userPageAction). */
export async function action({ request, params }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  const fields = Object.fromEntries(await request.formData());
  const revoked = await adminTokenAction(current, fields);
  if (revoked) return revoked;
  const attributes = await attributeValuesPageAction(current, id, fields);
  if (attributes) return attributes;
  return userPageAction(current, id, request, fields);
}

export default function AdminUser() {
  const { user, selfId, tokens, attributes } = useLoaderData<typeof loader>();
  return (
    <>
      <UserPage user={user} selfId={selfId} tokens={tokens} />
      <AttributeFields attributes={attributes} />
    </>
  );
}
