import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box } from "~/platform/ui/static";
import css from "~/features/participants/components/participants.module.css";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { ParticipantFormFields } from "~/features/participants/components/participant-form-fields";
import {
  participantFormFailure,
  participantFormStrings,
  participantFormValues,
} from "~/features/participants/pages.server";
import { createParticipant } from "~/features/participants/service.server";
import { ParticipantCreateSchema } from "~/features/participants/schemas";
import { fieldMessagesOf } from "~/features/participants/refusals";
import { ParticipantFormButtons, ParticipantsPageHeader } from "~/features/participants/components/participant-admin-parts";
import { ParticipantFormError } from "~/features/participants/components/participant-form-error";
import { useTranslation } from "react-i18next";
import { doneParam, pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("participants.addTitle");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  return { cycle };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const form = await request.formData();
  const values = participantFormStrings(form);
  const parsed = ParticipantCreateSchema.safeParse(participantFormValues(form, { withEmail: true }));
  if (!parsed.success) {
    return data({ values, formError: null, fieldErrors: fieldMessagesOf(parsed.error) }, { status: 400 });
  }
  let email: string;
  try {
    email = (await createParticipant(current.actor, cycle.id, parsed.data)).email;
  } catch (err) {
    const failure = participantFormFailure(err);
    return data({ values, formError: failure.formError, fieldErrors: failure.fieldErrors }, { status: failure.status });
  }
  return redirect(`/app/admin/cycles/${cycle.id}/participants?${doneParam(pageMessage("participants.result.added", { email }))}`);
}

export default function CreateParticipant() {
  const { cycle } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  return (
    <Box className={css.page}>
      <ParticipantsPageHeader cycle={cycle} title={t("participants.add")} />
      <ParticipantFormError formError={result?.formError} formErrors={result?.fieldErrors?.form} />
      <Form method="post" noValidate key={JSON.stringify(result?.values ?? null)}>
        <ParticipantFormFields cycleId={cycle.id} defaults={result?.values} errors={result?.fieldErrors} />
        <ParticipantFormButtons cycleId={cycle.id} busy={busy} saveTestId="participant-create-submit" label={t("participants.addButton")} />
      </Form>
    </Box>
  );
}
