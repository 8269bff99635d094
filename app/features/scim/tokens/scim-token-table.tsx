import { Form } from "@remix-run/react";
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TableCell, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { useTranslation } from "react-i18next";
import { useTokenTime } from "~/features/auth/tokens/token-page-parts";
import type { ScimTokenView } from "~/features/scim/tokens/rules";

/**
 * SCIM tokens (name, prefix, who made it, made, last used, state), each live one with a Revoke button that asks
 * for confirmation and then posts `intent=revoke_token` and `token_id` to the page's action.
 */
export function ScimTokenTable({ tokens, busy }: { tokens: ScimTokenView[]; busy: boolean }) {
  const [confirming, setConfirming] = useState<ScimTokenView | null>(null);
  const { t } = useTranslation();
  const when = useTokenTime();
  return (
    <>
      <OutlinedTable
        testId="scim-token-table"
        ariaLabel={t("tokens.scim.label")}
        empty={tokens.length === 0}
        emptyText={t("tokens.scim.none")}
        emptyTestId="scim-token-empty"
        head={
          <>
            <TableCell>{t("tokens.name")}</TableCell>
            <TableCell>{t("tokens.token")}</TableCell>
            <TableCell>{t("tokens.madeBy")}</TableCell>
            <TableCell>{t("tokens.made")}</TableCell>
            <TableCell>{t("tokens.lastUsed")}</TableCell>
            <TableCell aria-label={t("tokens.actions")} />
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
            <TableCell>{token.created_by?.name ?? t("tokens.scim.commandLine")}</TableCell>
            <TableCell>{when(token.created_at)}</TableCell>
            <TableCell data-testid={`scim-token-last-used-${token.id}`}>{when(token.last_used_at)}</TableCell>
            <TableCell align="right">
              {token.revoked_at ? (
                <Chip size="small" variant="outlined" label={t("tokens.scim.revoked", { when: when(token.revoked_at) })} data-testid={`scim-token-revoked-${token.id}`} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={t("tokens.revokeOne", { name: token.name })}
                  data-testid={`scim-token-revoke-${token.id}`}
                  onClick={() => setConfirming(token)}
                >
                  {t("tokens.revoke")}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="scim-revoke-title">
        <DialogTitle id="scim-revoke-title">{t("tokens.scim.revokeTitle", { name: confirming?.name ?? "" })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t("tokens.scim.revokeText")}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t("tokens.scim.cancel")}</Button>
          <Form method="post" onSubmit={() => setConfirming(null)}>
            <input type="hidden" name="intent" value="revoke_token" />
            <input type="hidden" name="token_id" value={confirming?.id ?? ""} />
            <Button type="submit" color="error" variant="contained" data-testid="scim-token-revoke-confirm">
              {t("tokens.revoke")}
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </>
  );
}
