import { Form } from "@remix-run/react";
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TableCell, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { tokenTime as when } from "~/features/auth/tokens/token-page-parts";
import type { ScimTokenView } from "~/features/scim/tokens/rules";

/**
 * SCIM tokens (name, prefix, who made it, made, last used, state), each live one with a Revoke button that asks
 * for confirmation and then posts `intent=revoke_token` and `token_id` to the page's action.
 */
export function ScimTokenTable({ tokens, busy }: { tokens: ScimTokenView[]; busy: boolean }) {
  const [confirming, setConfirming] = useState<ScimTokenView | null>(null);
  return (
    <>
      <OutlinedTable
        testId="scim-token-table"
        ariaLabel="SCIM tokens"
        empty={tokens.length === 0}
        emptyText="No SCIM tokens yet."
        emptyTestId="scim-token-empty"
        head={
          <>
            <TableCell>Name</TableCell>
            <TableCell>Token</TableCell>
            <TableCell>Made by</TableCell>
            <TableCell>Made</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell aria-label="Actions" />
          </>
        }
      >
        {tokens.map((token) => (
          <TableRow key={token.id} data-testid={`scim-token-row-${token.id}`}>
            <TableCell>
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                {token.name}
              </Typography>
            </TableCell>
            <TableCell sx={{ fontFamily: "monospace" }}>{`${token.prefix}…`}</TableCell>
            <TableCell>{token.created_by?.name ?? "Command line"}</TableCell>
            <TableCell>{when(token.created_at)}</TableCell>
            <TableCell data-testid={`scim-token-last-used-${token.id}`}>{when(token.last_used_at)}</TableCell>
            <TableCell align="right">
              {token.revoked_at ? (
                <Chip size="small" variant="outlined" label={`Revoked ${when(token.revoked_at)}`} data-testid={`scim-token-revoked-${token.id}`} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={`Revoke ${token.name}`}
                  data-testid={`scim-token-revoke-${token.id}`}
                  onClick={() => setConfirming(token)}
                >
                  Revoke
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="scim-revoke-title">
        <DialogTitle id="scim-revoke-title">Revoke “{confirming?.name}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The identity provider using this token can no longer provision users from the moment it is revoked. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Form method="post" onSubmit={() => setConfirming(null)}>
            <input type="hidden" name="intent" value="revoke_token" />
            <input type="hidden" name="token_id" value={confirming?.id ?? ""} />
            <Button type="submit" color="error" variant="contained" data-testid="scim-token-revoke-confirm">
              Revoke
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </>
  );
}
