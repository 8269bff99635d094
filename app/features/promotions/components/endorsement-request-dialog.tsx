import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PersonJson, SessionNominationJson } from "~/features/promotions/types";
import { localInputToIso } from "~/features/calibration/session-setup";
import { PeoplePicker } from "~/features/calibration/components/session-people-pickers";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";

/**
 * "Request endorsers" for one nomination (whoever runs the session): people found by name or email and an
 * optional deadline (in the browser's time; the cycle's default otherwise), posted as intent=request_endorsers.
 * Each request becomes its own workflow that notifies, reminds and expires it.
 */
export function EndorsementRequestDialog({ target, onClose }: { target: SessionNominationJson | null; onClose: () => void }) {
  const action = useMeetingAction(onClose);
  const { t } = useTranslation();
  const { clear } = action;
  const [people, setPeople] = useState<PersonJson[]>([]);
  const [local, setLocal] = useState("");
  const open = target !== null;
  useEffect(() => {
    if (!open) return;
    clear();
    setPeople([]);
    setLocal("");
    // Reset only when the dialog opens for a nomination.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, target?.nomination_id]);
  const errors = action.failure?.fieldErrors ?? {};
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="request-endorsers-title" data-testid="request-endorsers-dialog" fullWidth maxWidth="sm">
      <action.fetcher.Form method="post" noValidate>
        <DialogTitle id="request-endorsers-title">
          {target ? t("promotions.requestDialog.titleFor", { name: target.nominee.name }) : t("promotions.requestDialog.title")}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t("promotions.requestDialog.text")}
          </DialogContentText>
          <input type="hidden" name="intent" value="request_endorsers" />
          <input type="hidden" name="nomination_id" value={target?.nomination_id ?? ""} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PeoplePicker
              name="endorser_id"
              label={t("promotions.requestDialog.endorsers")}
              value={people}
              onChange={setPeople}
              error={errors.endorser_ids}
              helperText={t("promotions.requestDialog.notNominee")}
              testId="request-endorsers-input"
            />
            <TextField
              type="datetime-local"
              label={t("promotions.requestDialog.deadline")}
              value={local}
              onChange={(e) => setLocal(e.target.value)}
              error={Boolean(errors.deadline)}
              helperText={errors.deadline ?? t("promotions.requestDialog.deadlineHelp")}
              sx={{ maxWidth: 320 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "request-endorsers-deadline" } }}
            />
            <input type="hidden" name="deadline" value={localInputToIso(local)} />
          </Stack>
          {action.failure && !errors.endorser_ids && !errors.deadline && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="request-endorsers-error">
              {action.failure.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("promotions.requestDialog.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={action.busy} data-testid="request-endorsers-submit">
            {t("promotions.requestDialog.send")}
          </Button>
        </DialogActions>
      </action.fetcher.Form>
    </Dialog>
  );
}
