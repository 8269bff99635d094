import { useTranslation } from "react-i18next";
import { Alert, Button, Stack, Typography } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from "~/platform/ui/static-form";
import { PROMOTION_LIMITS, PROMOTION_VOTES, type PromotionVote } from "~/features/promotions/rules";
import type { VoteJson } from "~/features/promotions/types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { VOTE_KEYS } from "~/features/promotions/meeting-keys";

/**
 * A panelist's vote on one nomination: Promote, Do not promote or Defer, with an optional note. Posts
 * intent=vote (nomination_id, vote, note) to the page's action; a new vote replaces the panelist's earlier one.
 * Test ids (`id` = the nomination id): `vote-form-${id}`, `vote-note-${id}`, `vote-submit-${id}`, `vote-error-${id}`,
 * `my-vote-${id}`; the choices are radios labelled with the vote's name.
 */
export function VoteForm({ nominationId, nomineeName, mine }: { nominationId: number; nomineeName: string; mine: VoteJson | null }) {
  const action = useMeetingAction();
  const { t } = useTranslation();
  const errors = action.failure?.fieldErrors ?? {};
  const id = nominationId;
  const labelId = `vote-label-${id}`;
  return (
    <section aria-label={t("promotionsMeeting.voteForm.region", { name: nomineeName })}>
      <action.fetcher.Form method="post" key={action.okCount} onSubmit={action.clear} data-testid={`vote-form-${id}`}>
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="nomination_id" value={id} />
        <Stack spacing={1.5}>
          <FormControl error={Boolean(errors.vote)}>
            <FormLabel component="span" id={labelId} error={Boolean(errors.vote)}>
              {t("promotionsMeeting.voteForm.label")}
            </FormLabel>
            <RadioGroup row name="vote" aria-labelledby={labelId} defaultValue={mine?.vote ?? ""}>
              {PROMOTION_VOTES.map((v: PromotionVote) => (
                <FormControlLabel
                  key={v}
                  value={v}
                  control={<Radio inputProps={{ "data-testid": `vote-option-${id}-${v}` }} />}
                  label={t(VOTE_KEYS[v])}
                />
              ))}
            </RadioGroup>
            {errors.vote && <FormHelperText error>{errors.vote}</FormHelperText>}
          </FormControl>
          <TextField
            name="note"
            label={t("promotionsMeeting.voteForm.note")}
            multiline
            minRows={2}
            fullWidth
            defaultValue={mine?.note ?? ""}
            error={Boolean(errors.note)}
            helperText={errors.note ?? t("promotionsMeeting.voteForm.noteHelp")}
            inputProps={{
              maxLength: PROMOTION_LIMITS.noteMax,
              "data-testid": `vote-note-${id}`,
            }}
          />
          {action.failure && !errors.vote && !errors.note && (
            <Alert severity="error" data-testid={`vote-error-${id}`}>
              {action.failure.message}
            </Alert>
          )}
          <Stack direction="row" spacing={2} alignItems="center" flexWrap>
            <Button type="submit" variant="contained" disabled={action.busy} data-testid={`vote-submit-${id}`}>
              {mine ? t("promotionsMeeting.voteForm.change") : t("promotionsMeeting.voteForm.save")}
            </Button>
            <Typography variant="body2" color="text.secondary" data-testid={`my-vote-${id}`}>
              {mine ? t("promotionsMeeting.voteForm.mine", { vote: t(VOTE_KEYS[mine.vote]) }) : t("promotionsMeeting.voteForm.notYet")}
            </Typography>
          </Stack>
        </Stack>
      </action.fetcher.Form>
    </section>
  );
}
