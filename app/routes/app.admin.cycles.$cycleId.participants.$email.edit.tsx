import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box } from "~/platform/ui/static";
import css from "~/features/participants/components/participants.module.css";
import { ParticipantFormFields } from "~/features/participants/components/participant-form-fields";
import {
  participantFormFailure,
  participantFormStrings,
  participantFormValues,
  requireParticipantPage,
} from "~/features/participants/pages.server";
import { updateParticipant } from "~/features/participants/service.server";
import { ParticipantPatchSchema } from "~/features/participants/schemas";
import { fieldMessagesOf } from "~/features/participants/refusals";
import { ParticipantFormButtons, ParticipantsPageHeader } from "~/features/participants/components/participant-admin-parts";
import { ParticipantFormError } from "~/features/participants/components/participant-form-error";
import { useTranslation } from "react-i18next";
import { doneParam, pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { thermaScanOfParticipant } from "~/features/decision-support/therma-scan/service.server";
import { ThermaScanDetails } from "~/features/decision-support/components/therma-scan-views";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("participants.edit.pageTitle", { name: data.participant.name }) : pageMessage("participants.edit.pageTitleUnknown"),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { current, cycle, participant } = await requireParticipantPage(request, params);
  return { cycle, participant, thermaScan: await thermaScanOfParticipant(current, cycle.id, participant.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle, participant } = await requireParticipantPage(request, params);
  const form = await request.formData();
  const values = { ...participantFormStrings(form), email: participant.email };
  const parsed = ParticipantPatchSchema.safeParse(participantFormValues(form, { withEmail: false }));
  if (!parsed.success) {
    return data({ values, formError: null, fieldErrors: fieldMessagesOf(parsed.error) }, { status: 400 });
  }
  try {
    await updateParticipant(current.actor, cycle.id, participant.email, parsed.data);
  } catch (err) {
    const failure = participantFormFailure(err);
    return data({ values, formError: failure.formError, fieldErrors: failure.fieldErrors }, { status: failure.status });
  }
  return redirect(`/app/admin/cycles/${cycle.id}/participants?${doneParam(pageMessage("participants.result.saved", { email: participant.email }))}`);
}

export default function EditParticipant() {
  const { cycle, participant, thermaScan } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  return (
    <Box className={css.page}>
      <ParticipantsPageHeader cycle={cycle} title={t("participants.edit.title", { name: participant.name })} />
      <ParticipantFormError formError={result?.formError} formErrors={result?.fieldErrors?.form} />
      <Form method="post" noValidate key={JSON.stringify(result?.values ?? participant.updated_at)}>
        <ParticipantFormFields
          cycleId={cycle.id}
          fixedEmail={participant.email}
          defaults={result?.values ?? participant}
          errors={result?.fieldErrors}
        />
        <ParticipantFormButtons cycleId={cycle.id} busy={busy} saveTestId="participant-save" />
      </Form>
      <ThermaScanDetails scan={thermaScan} />
    </Box>
  );
}
