import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import { doneParam, messageText, pageMessage } from "~/platform/i18n/page-message";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, ButtonLink, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/cycles/components/cycle-list.module.css";
import { CycleFormFields } from "~/features/cycles/components/cycle-form-fields";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { CycleCreateSchema, cycleFormValues, formStrings } from "~/features/cycles/service.server";
import { cycleFieldMessages, cycleFormRefusal } from "~/features/cycles/form-messages.server";
import { createCycle } from "~/features/cycles/workflow.server";

export const handle = pageTitle("cyclesAdmin.titles.create");

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const form = await request.formData();
  const values = formStrings(form);
  const parsed = CycleCreateSchema.safeParse(cycleFormValues(form));
  if (!parsed.success) {
    // Field errors as keys (issue 28): the schema's English stays the API's.
    return data({ values, ...cycleFieldMessages(parsed.error) }, { status: 400 });
  }
  let created: Awaited<ReturnType<typeof createCycle>>;
  try {
    created = await createCycle(current.actor, parsed.data);
  } catch (err) {
    const failure = cycleFormRefusal(err, "create");
    return data({ values, formError: failure.formError, fieldErrors: failure.fieldErrors }, { status: failure.status });
  }
  // The new cycle's page, with a toast (the shell's AddressToasts shows ?done= once; issue 26 §4).
  return redirect(`/app/admin/cycles/${created.id}?${doneParam(pageMessage("cyclesAdmin.create.created", { name: created.name }))}`);
}

export default function CreateCycle() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const values = result?.values;
  const { t } = useTranslation();
  return (
    <Box className={css.page}>
      <Typography variant="h5" component="h1" className={css.heading}>
        {t("cyclesAdmin.create.title")}
      </Typography>
      {result?.formError && (
        <Alert severity="error" className={css.alert} data-testid="cycle-form-error">
          {messageText(t, result.formError)}
        </Alert>
      )}
      <Form method="post" noValidate>
        <CycleFormFields
          defaults={values}
          errors={result?.fieldErrors}
        />
        <Stack direction="row" spacing={2} className={css.buttons}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="cycle-create-submit">
            {t("cyclesAdmin.create.submit")}
          </Button>
          <ButtonLink to="/app/admin/cycles">{t("cyclesAdmin.create.cancel")}</ButtonLink>
        </Stack>
      </Form>
    </Box>
  );
}
