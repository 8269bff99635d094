import { Form } from "@remix-run/react";
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useEffect, useState } from "react";
import { Button } from "~/platform/ui/static";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import { useTranslation } from "react-i18next";

/**
 * Deactivate / Re-activate on the admin user page, each after a confirmation dialog. Deactivation keeps the user and
 * all their history (past cycles, audit, reports) and signs them out everywhere at once. The button is static markup
 * (issue 27); MUI's dialog mounts on its first opening.
 */
export function UserStatusButton({
  user,
  busy,
  self,
}: {
  user: { name: string; active: boolean; updated_at: string };
  busy: boolean;
  self: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  useEffect(() => setOpen(false), [user.active, user.updated_at]);
  const mounted = useOpenedOnce(open);
  const deactivating = user.active;
  const label = deactivating
    ? t("users.statusDialog.deactivate")
    : t("users.statusDialog.reactivate");
  const button = (
    <Button
      variant="outlined"
      color={deactivating ? "error" : "primary"}
      disabled={busy || (deactivating && self)}
      title={
        deactivating && self
          ? t("users.statusDialog.cannotDeactivateSelf")
          : undefined
      }
      onClick={() => setOpen(true)}
      data-testid={deactivating ? "user-deactivate" : "user-reactivate"}
    >
      {label}
    </Button>
  );
  return (
    <>
      {button}
      {mounted && (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          aria-labelledby="user-status-dialog-title"
          data-testid="user-status-dialog"
        >
          <Form method="post">
            <input
              type="hidden"
              name="intent"
              value={deactivating ? "deactivate" : "reactivate"}
            />
            <DialogTitle id="user-status-dialog-title">
              {deactivating
                ? t("users.statusDialog.deactivateTitle", { name: user.name })
                : t("users.statusDialog.reactivateTitle", { name: user.name })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                {deactivating
                  ? t("users.statusDialog.deactivateText")
                  : t("users.statusDialog.reactivateText")}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <MuiButton
                onClick={() => setOpen(false)}
                data-testid="user-status-cancel"
              >
                {t("users.statusDialog.cancel")}
              </MuiButton>
              <MuiButton
                type="submit"
                variant="contained"
                color={deactivating ? "error" : "primary"}
                disabled={busy}
                data-testid="user-status-confirm"
              >
                {label}
              </MuiButton>
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </>
  );
}
