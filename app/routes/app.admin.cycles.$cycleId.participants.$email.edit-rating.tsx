import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, Link, Radio, RadioGroup, Stack, Typography } from "@mui/material";
import { z } from "zod";
import { CALIBRATED_RATINGS, CALIBRATED_RATING_LABELS, ratingText } from "~/domain/participants";
import { participantFormFailure, requireParticipantPage } from "~/services/participant-pages.server";
import { CalibratedRatingSchema, setCalibratedRating } from "~/services/participants.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Rating of ${data?.participant.name ?? "Participant"} - PMR` }];

/** '' = not rated; otherwise 1..5. */
const RatingForm = z.object({
  calibrated_rating: z.union([z.literal("").transform(() => null), z.coerce.number().pipe(CalibratedRatingSchema)], {
    error: "Choose a rating from 1 to 5",
  }),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle, participant } = await requireParticipantPage(request, params);
  return { cycle, participant };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle, participant } = await requireParticipantPage(request, params);
  const form = await request.formData();
  const parsed = RatingForm.safeParse({ calibrated_rating: form.get("calibrated_rating") ?? undefined });
  if (!parsed.success) return data({ error: "Choose a rating from 1 to 5" }, { status: 400 });
  try {
    const updated = await setCalibratedRating(current.actor, cycle.id, participant.email, parsed.data.calibrated_rating);
    const done = new URLSearchParams({ done: `Rating of ${updated.email}: ${ratingText(updated.calibrated_rating)}` });
    return redirect(`/app/admin/cycles/${cycle.id}/participants?${done}`);
  } catch (err) {
    const failure = participantFormFailure(err);
    return data({ error: failure.formError ?? "Could not save the rating" }, { status: failure.status });
  }
}

export default function EditRating() {
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
        Calibrated rating
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {participant.name} ({participant.email}) — current: <span data-testid="participant-current-rating">{ratingText(participant.calibrated_rating)}</span>
      </Typography>
      {result?.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="participant-form-error">
          {result.error}
        </Alert>
      )}
      {participant.reviewer_only && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This participant is reviewer-only: they receive no feedback and get no rating.
        </Alert>
      )}
      <Form method="post" key={participant.updated_at}>
        <FormControl>
          <FormLabel id="rating-label">Rating</FormLabel>
          <RadioGroup aria-labelledby="rating-label" name="calibrated_rating" defaultValue={participant.calibrated_rating?.toString() ?? ""}>
            {[...CALIBRATED_RATINGS].reverse().map((n) => (
              <FormControlLabel
                key={n}
                value={String(n)}
                control={<Radio />}
                label={`${n} - ${CALIBRATED_RATING_LABELS[n]}`}
                disabled={participant.reviewer_only}
                data-testid={`rating-option-${n}`}
              />
            ))}
            <FormControlLabel value="" control={<Radio />} label="Not rated" data-testid="rating-option-none" />
          </RadioGroup>
        </FormControl>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="participant-rating-save">
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
