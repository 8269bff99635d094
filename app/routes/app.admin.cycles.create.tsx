import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import { doneParam, pageMessage } from "~/platform/i18n/page-message";
import { data, redirect } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { CycleFormFields } from "~/features/cycles/components/cycle-form-fields";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { CycleCreateSchema, cycleFormFailure, cycleFormValues, fieldErrorsOf, formStrings } from "~/features/cycles/service.server";
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
    return data({ values, formError: null, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  }
  let created: Awaited<ReturnType<typeof createCycle>>;
  try {
    created = await createCycle(current.actor, parsed.data);
  } catch (err) {
    const failure = cycleFormFailure(err);
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
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t("cyclesAdmin.create.title")}
      </Typography>
      {result?.formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="cycle-form-error">
          {result.formError}
        </Alert>
      )}
      {result?.fieldErrors?.form && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="cycle-form-error">
          {result.fieldErrors.form.join(" ")}
        </Alert>
      )}
      <Form method="post" noValidate>
        <CycleFormFields
          defaults={values}
          errors={result?.fieldErrors}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="cycle-create-submit">
            {t("cyclesAdmin.create.submit")}
          </Button>
          <Button component={RemixLink} to="/app/admin/cycles">
            {t("cyclesAdmin.create.cancel")}
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
