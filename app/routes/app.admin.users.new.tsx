import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { createUserFromForm } from "~/features/users/pages.server";
import { DirectoryForm } from "~/features/users/directory-form";
import { EMPTY_DIRECTORY_VALUES } from "~/features/users/directory-form-types";
import { Link, Typography, cx } from "~/platform/ui/static";
import css from "~/features/users/components/users.module.css";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.newUser");

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return null;
}

/** Create the user (audited user.create), then their page; refusals come back per field. */
export async function action({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return createUserFromForm(current, await request.formData());
}

export default function NewUser() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <div className={cx(css.page, css.narrow)}>
      <Link to="/app/admin/users" className={css.back}>
        {t("users.back")}
      </Link>
      <Typography variant="h5" component="h1" className={css.header}>
        {t("users.newUser")}
      </Typography>
      <DirectoryForm
        values={EMPTY_DIRECTORY_VALUES}
        errors={result?.fieldErrors ?? {}}
        formError={result?.error ?? null}
        busy={navigation.state !== "idle"}
        withRole
        intent="create"
        submitLabel={t("users.form.create")}
        testId="new-user"
      />
    </div>
  );
}
