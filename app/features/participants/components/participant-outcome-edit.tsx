import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from "@mui/material";
import { OUTCOME_FIELDS, type OutcomeField } from "~/features/participants/outcomes/fields";
import type { OutcomeEditActionData, OutcomeEditPageData } from "~/features/participants/rules";
import { ParticipantFormButtons, ParticipantsPageHeader } from "~/features/participants/components/participant-admin-parts";

/**
 * The page that sets one single-choice outcome of a participant (calibrated rating, promotion decision):
 * the route module exports `outcomeEditLoader`/`outcomeEditAction(field)` and renders this with its field.
 */

export function outcomeEditMeta(field: OutcomeField): MetaFunction<() => OutcomeEditPageData> {
  return ({ data }) => [{ title: `${OUTCOME_FIELDS[field].subject} of ${data?.participant.name ?? "Participant"} - PMR` }];
}

export function ParticipantOutcomeEditPage({ field }: { field: OutcomeField }) {
  const def = OUTCOME_FIELDS[field];
  const { cycle, participant } = useLoaderData<OutcomeEditPageData>();
  const result = useActionData<OutcomeEditActionData>();
  const busy = useNavigation().state !== "idle";
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <ParticipantsPageHeader cycle={cycle} title={def.heading} gap={1} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {participant.name} ({participant.email}) — current: <span data-testid={`participant-current-${def.key}`}>{def.text(participant)}</span>
      </Typography>
      {result?.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="participant-form-error">
          {result.error}
        </Alert>
      )}
      {participant.reviewer_only && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {def.reviewerOnlyNote}
        </Alert>
      )}
      <Form method="post" key={participant.updated_at}>
        <FormControl>
          <FormLabel id={`${def.key}-label`}>{def.label}</FormLabel>
          <RadioGroup aria-labelledby={`${def.key}-label`} name={field} defaultValue={participant[field]?.toString() ?? ""}>
            {def.options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={option.label}
                disabled={participant.reviewer_only}
                data-testid={`${def.key}-option-${option.value}`}
              />
            ))}
            <FormControlLabel value="" control={<Radio />} label={def.noneLabel} data-testid={`${def.key}-option-none`} />
          </RadioGroup>
        </FormControl>
        <ParticipantFormButtons cycleId={cycle.id} busy={busy} saveTestId={`participant-${def.key}-save`} />
      </Form>
    </Box>
  );
}
