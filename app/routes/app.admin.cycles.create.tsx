import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { CycleFormFields } from "~/features/cycles/components/cycle-form-fields";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { CycleCreateSchema, cycleFormFailure, cycleFormValues, fieldErrorsOf, formStrings } from "~/features/cycles/service.server";
import { createCycle } from "~/features/cycles/workflow.server";

export const meta: MetaFunction = () => [{ title: "Create Cycle - PMR" }];

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
  return redirect(`/app/admin/cycles/${created.id}?done=${encodeURIComponent(`Cycle “${created.name}” created`)}`);
}

export default function CreateCycle() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const values = result?.values;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Create Cycle
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
            Create
          </Button>
          <Button component={RemixLink} to="/app/admin/cycles">
            Cancel
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
