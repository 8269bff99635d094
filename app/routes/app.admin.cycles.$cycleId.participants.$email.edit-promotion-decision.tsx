import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, Link, Radio, RadioGroup, Stack, Typography } from "@mui/material";
import { z } from "zod";
import { PROMOTION_DECISIONS, PROMOTION_DECISION_LABELS, decisionText } from "~/domain/participants";
import { participantFormFailure, requireParticipantPage } from "~/services/participant-pages.server";
import { setPromotionDecision } from "~/services/participants.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Promotion decision of ${data?.participant.name ?? "Participant"} - PMR` }];

/** '' = no decision. */
const DecisionForm = z.object({
  promotion_decision: z.union([z.literal("").transform(() => null), z.enum(PROMOTION_DECISIONS)]),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle, participant } = await requireParticipantPage(request, params);
  return { cycle, participant };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle, participant } = await requireParticipantPage(request, params);
  const form = await request.formData();
  const parsed = DecisionForm.safeParse({ promotion_decision: form.get("promotion_decision") ?? undefined });
  if (!parsed.success) return data({ error: "Choose a promotion decision" }, { status: 400 });
  try {
    const updated = await setPromotionDecision(current.actor, cycle.id, participant.email, parsed.data.promotion_decision);
    const done = new URLSearchParams({ done: `Promotion decision of ${updated.email}: ${decisionText(updated.promotion_decision)}` });
    return redirect(`/app/admin/cycles/${cycle.id}/participants?${done}`);
  } catch (err) {
    const failure = participantFormFailure(err);
    return data({ error: failure.formError ?? "Could not save the promotion decision" }, { status: failure.status });
  }
}

export default function EditPromotionDecision() {
  const { cycle, participant } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const list = `/app/admin/cycles/${cycle.id}/participants`;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Link component={RemixLink} to={list} sx={{ display: "inline-block", mb: 1 }}>
        ← Participants of {cycle.name}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Promotion decision
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {participant.name} ({participant.email}) — current:{" "}
        <span data-testid="participant-current-decision">{decisionText(participant.promotion_decision)}</span>
      </Typography>
      {result?.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="participant-form-error">
          {result.error}
        </Alert>
      )}
      {participant.reviewer_only && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This participant is reviewer-only: they get no promotion decision.
        </Alert>
      )}
      <Form method="post" key={participant.updated_at}>
        <FormControl>
          <FormLabel id="decision-label">Decision</FormLabel>
          <RadioGroup aria-labelledby="decision-label" name="promotion_decision" defaultValue={participant.promotion_decision ?? ""}>
            {PROMOTION_DECISIONS.map((d) => (
              <FormControlLabel
                key={d}
                value={d}
                control={<Radio />}
                label={PROMOTION_DECISION_LABELS[d]}
                disabled={participant.reviewer_only}
                data-testid={`decision-option-${d}`}
              />
            ))}
            <FormControlLabel value="" control={<Radio />} label="No decision" data-testid="decision-option-none" />
          </RadioGroup>
        </FormControl>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="participant-decision-save">
            Save
          </Button>
          <Button component={RemixLink} to={list}>
            Cancel
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
