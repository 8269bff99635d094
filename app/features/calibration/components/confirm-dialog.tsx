import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useEffect, type ReactNode } from "react";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import type { MeetingIntent } from "~/features/calibration/meeting-page-types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import { useTranslation } from "react-i18next";

/**
 * A confirmation dialog that posts `intent` (and `fields`) to the page's action; with `comment`, a comment
 * field (`required` or optional) posted as `comment`; `children` between the text and the field (what the decision is
 * about, e.g. the sign-off's shift per group). Closes itself on success (the toast says what happened).
 */
export function ConfirmDialog({
  open,
  onClose,
  intent,
  fields = {},
  title,
  text,
  confirmLabel,
  color = "primary",
  comment,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** A meeting intent, or another page's (e.g. the promotion pages' "transition"). */
  intent: MeetingIntent | (string & {});
  fields?: Record<string, string>;
  title: string;
  text: string;
  confirmLabel: string;
  color?: "primary" | "error" | "warning";
  comment?: { label: string; required: boolean; helperText?: string };
  testId: string;
  children?: ReactNode;
}) {
  const action = useMeetingAction(onClose);
  const { clear } = action;
  const { t } = useTranslation();
  useEffect(() => {
    if (open) clear();
    // Clear only when the dialog opens, not when a new result arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const titleId = `${testId}-title`;
  // Mounted from its first open on (a closed MUI Dialog still costs a render on every page load); it then
  // stays mounted, so it fades out and keeps its form's state like before.
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} data-testid={testId} fullWidth maxWidth="sm">
      <action.fetcher.Form method="post">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: comment || children ? 2 : 0 }}>{text}</DialogContentText>
          {children && <Box sx={{ display: "grid", gap: 2, mb: comment ? 2 : 0 }}>{children}</Box>}
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {comment && (
            <TextField
              name="comment"
              label={comment.label}
              required={comment.required}
              fullWidth
              multiline
              minRows={3}
              autoFocus
              error={Boolean(action.failure?.fieldErrors.comment)}
              helperText={action.failure?.fieldErrors.comment ?? comment.helperText}
              slotProps={{ htmlInput: { maxLength: CALIBRATION_LIMITS.commentMax, "data-testid": `${testId}-comment` } }}
            />
          )}
          {action.failure && !action.failure.fieldErrors.comment && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid={`${testId}-error`}>
              {action.failure.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("calibrationMeeting.dialog.cancel")}</Button>
          <Button type="submit" variant="contained" color={color} disabled={action.busy} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </action.fetcher.Form>
    </Dialog>
  );
}
