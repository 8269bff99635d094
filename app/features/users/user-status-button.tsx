import { Form } from "@remix-run/react";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useEffect, useState } from "react";

/**
 * Deactivate / Re-activate on the admin user page, each after a confirmation dialog. Deactivation keeps the user and
 * all their history (past cycles, audit, reports) and signs them out everywhere at once.
 */
export function UserStatusButton({ user, busy, self }: { user: { name: string; active: boolean; updated_at: string }; busy: boolean; self: boolean }) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [user.active, user.updated_at]);
  const deactivating = user.active;
  const label = deactivating ? "Deactivate" : "Re-activate";
  const button = (
    <Button
      variant="outlined"
      color={deactivating ? "error" : "primary"}
      disabled={busy || (deactivating && self)}
      title={deactivating && self ? "You cannot deactivate your own account" : undefined}
      onClick={() => setOpen(true)}
      data-testid={deactivating ? "user-deactivate" : "user-reactivate"}
    >
      {label}
    </Button>
  );
  return (
    <>
      {button}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="user-status-dialog-title" data-testid="user-status-dialog">
        <Form method="post">
          <input type="hidden" name="intent" value={deactivating ? "deactivate" : "reactivate"} />
          <DialogTitle id="user-status-dialog-title">{deactivating ? `Deactivate ${user.name}?` : `Re-activate ${user.name}?`}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {deactivating
                ? "They can no longer sign in: every open session and API token ends now. They stay in past cycles, the audit log and reports, and cannot be chosen as anyone's manager or HR partner until re-activated."
                : "They can sign in again and be chosen as a manager or HR partner."}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} data-testid="user-status-cancel">
              Cancel
            </Button>
            <Button type="submit" variant="contained" color={deactivating ? "error" : "primary"} disabled={busy} data-testid="user-status-confirm">
              {label}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
