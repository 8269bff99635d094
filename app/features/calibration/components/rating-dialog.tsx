import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect, useRef } from "react";
import { CALIBRATION_LIMITS, POTENTIALS, RATINGS, type Potential } from "~/features/calibration/rules";
import type { BoardPerson } from "~/features/calibration/meeting-page-types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";

/**
 * The session admin's rating change (intent=set_rating): the calibrated rating and the 9-box potential with
 * a required reason. From the grid both are picked here; from the 9-box (`fixed`) the box decides them and
 * the dialog shows what changes.
 */

export type RatingTarget = {
  participant: BoardPerson;
  /** Set by a move in the 9-box: the values the box gives (absent: unchanged) and the box's name. */
  fixed?: { calibrated_rating?: number; potential?: number; box: { band: 1 | 2 | 3; potential: Potential } };
};

export function RatingChangeDialog({ target, onClose }: { target: RatingTarget | null; onClose: () => void }) {
  const action = useMeetingAction(onClose);
  const { clear } = action;
  const { t, rating: ratingText, potential: potentialText, box } = useMeetingText();
  useEffect(() => {
    if (target) clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
  // The last target stays drawn while the dialog closes.
  const last = useRef(target);
  if (target) last.current = target;
  const p = last.current?.participant;
  const fixed = last.current?.fixed;
  const errors = action.failure?.fieldErrors ?? {};
  // Nothing to draw before the first open (a closed MUI Dialog still costs a render on every page load).
  if (!last.current) return null;
  return (
    <Dialog open={target !== null} onClose={onClose} aria-labelledby="rating-dialog-title" data-testid="rating-dialog" fullWidth maxWidth="sm">
      {p && (
        <action.fetcher.Form method="post">
          <DialogTitle id="rating-dialog-title">{fixed
              ? t("calibrationMeeting.dialog.moveTitle", { name: p.user.name, box: box(fixed.box.band, fixed.box.potential) })
              : t("calibrationMeeting.dialog.changeTitle", { name: p.user.name })}</DialogTitle>
          <DialogContent>
            <input type="hidden" name="intent" value="set_rating" />
            <input type="hidden" name="sp_id" value={p.id} />
            <Stack spacing={2} sx={{ pt: 1 }}>
              {fixed ? (
                <DialogContentText data-testid="rating-dialog-summary">
                  {fixed.calibrated_rating !== undefined && `${t("calibrationMeeting.dialog.ratingChange", { from: ratingText(p.rating), to: ratingText(fixed.calibrated_rating) })} `}
                  {fixed.potential !== undefined && t("calibrationMeeting.dialog.potentialChange", { from: potentialText(p.potential), to: potentialText(fixed.potential) })}
                  {fixed.calibrated_rating !== undefined && <input type="hidden" name="calibrated_rating" value={fixed.calibrated_rating} />}
                  {fixed.potential !== undefined && <input type="hidden" name="potential" value={fixed.potential} />}
                </DialogContentText>
              ) : (
                <>
                  <DialogContentText>
                    {t("calibrationMeeting.dialog.current", { proposed: ratingText(p.proposed_rating), current: ratingText(p.rating) })}
                  </DialogContentText>
                  <TextField
                    select
                    name="calibrated_rating"
                    label={t("calibrationMeeting.dialog.calibrated")}
                    defaultValue={p.rating ?? ""}
                    required
                    error={Boolean(errors.calibrated_rating)}
                    helperText={errors.calibrated_rating}
                    slotProps={{ select: { SelectDisplayProps: { "data-testid": "rating-dialog-rating" } as object } }}
                  >
                    {RATINGS.map((r) => (
                      <MenuItem key={r} value={r}>
                        {ratingText(r)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    name="potential"
                    label={t("calibrationMeeting.dialog.potential")}
                    defaultValue={p.potential ?? ""}
                    error={Boolean(errors.potential)}
                    helperText={errors.potential ?? t("calibrationMeeting.dialog.potentialHelp")}
                    slotProps={{ select: { SelectDisplayProps: { "data-testid": "rating-dialog-potential" } as object } }}
                  >
                    <MenuItem value="">{t("calibrationMeeting.dialog.notSet")}</MenuItem>
                    {POTENTIALS.map((v) => (
                      <MenuItem key={v} value={v}>
                        {potentialText(v)}
                      </MenuItem>
                    ))}
                  </TextField>
                </>
              )}
              <TextField
                name="reason"
                label={t("calibrationMeeting.dialog.reason")}
                required
                fullWidth
                multiline
                minRows={3}
                autoFocus={Boolean(fixed)}
                error={Boolean(errors.reason)}
                helperText={errors.reason ?? t("calibrationMeeting.dialog.reasonHelp")}
                slotProps={{ htmlInput: { maxLength: CALIBRATION_LIMITS.reasonMax, "data-testid": "rating-dialog-reason" } }}
              />
              {action.failure && !errors.reason && !errors.calibrated_rating && !errors.potential && (
                <Alert severity="error" data-testid="rating-dialog-error">
                  {action.failure.message}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("calibrationMeeting.dialog.cancel")}</Button>
            <Button type="submit" variant="contained" disabled={action.busy} data-testid="rating-dialog-save">
              {t("calibrationMeeting.dialog.save")}
            </Button>
          </DialogActions>
        </action.fetcher.Form>
      )}
    </Dialog>
  );
}
