import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Typography } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from "~/platform/ui/static-form";
import css from "~/features/participants/components/participants.module.css";
import { Trans, useTranslation } from "react-i18next";
import { OUTCOME_FIELDS, type OutcomeField } from "~/features/participants/outcomes/fields";
import type { OutcomeEditActionData, OutcomeEditPageData } from "~/features/participants/rules";
import { ParticipantFormButtons, ParticipantsPageHeader } from "~/features/participants/components/participant-admin-parts";
import { messageText, pageMessage } from "~/platform/i18n/page-message";
import { pageTitle, type TitleHandle } from "~/platform/i18n/page-title";

/**
 * The page that sets one single-choice outcome of a participant (calibrated rating, promotion decision):
 * the route module exports `outcomeEditLoader`/`outcomeEditAction(field)` and renders this with its field.
 */

/** The route's handle: its document title in the reader's language (ADR 0080). */
export function outcomeEditHandle(field: OutcomeField): TitleHandle {
  const def = OUTCOME_FIELDS[field];
  return pageTitle<() => OutcomeEditPageData>((data) => (data ? pageMessage(def.title, { name: data.participant.name }) : pageMessage(def.titleUnknown)));
}

export function ParticipantOutcomeEditPage({ field }: { field: OutcomeField }) {
  const def = OUTCOME_FIELDS[field];
  const { t } = useTranslation();
  const { cycle, participant } = useLoaderData<OutcomeEditPageData>();
  const result = useActionData<OutcomeEditActionData>();
  const busy = useNavigation().state !== "idle";
  const current = def.value(participant);
  return (
    <Box className={css.page}>
      <ParticipantsPageHeader cycle={cycle} title={t(def.heading)} gap={1} />
      <Typography color="text.secondary" className={css.current}>
        <Trans
          i18nKey="participants.current"
          values={{ name: participant.name, email: participant.email, value: current ? messageText(t, current) : "—" }}
          components={[<span key="current" data-testid={`participant-current-${def.key}`} />]}
        />
      </Typography>
      {result?.error && (
        <Alert severity="error" className={css.alert} data-testid="participant-form-error">
          {messageText(t, result.error)}
        </Alert>
      )}
      {participant.reviewer_only && (
        <Alert severity="info" className={css.alert}>
          {t(def.reviewerOnlyNote)}
        </Alert>
      )}
      <Form method="post" key={participant.updated_at}>
        <FormControl>
          <FormLabel component="span" id={`${def.key}-label`}>
            {t(def.label)}
          </FormLabel>
          <RadioGroup aria-labelledby={`${def.key}-label`} name={field} defaultValue={participant[field]?.toString() ?? ""}>
            {def.options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={t(option.label)}
                disabled={participant.reviewer_only}
                data-testid={`${def.key}-option-${option.value}`}
              />
            ))}
            <FormControlLabel value="" control={<Radio />} label={t(def.noneLabel)} data-testid={`${def.key}-option-none`} />
          </RadioGroup>
        </FormControl>
        <ParticipantFormButtons cycleId={cycle.id} busy={busy} saveTestId={`participant-${def.key}-save`} />
      </Form>
    </Box>
  );
}
