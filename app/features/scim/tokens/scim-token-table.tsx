import { Form } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useState } from "react";
import { Button, Chip, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/auth/tokens/tokens.module.css";
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
  // The confirmation (MUI) mounts on its first opening: a closed dialog would still cost style work (issue 27).
  const mounted = useOpenedOnce(confirming !== null);
  const [token, madeBy, made, lastUsed] = [t("tokens.token"), t("tokens.madeBy"), t("tokens.made"), t("tokens.lastUsed")];
  return (
    <>
      <StackedTable
        testId="scim-token-table"
        ariaLabel={t("tokens.scim.label")}
        empty={tokens.length === 0}
        emptyText={t("tokens.scim.none")}
        emptyTestId="scim-token-empty"
        head={
          <>
            <TableCell>{t("tokens.name")}</TableCell>
            <TableCell>{token}</TableCell>
            <TableCell>{madeBy}</TableCell>
            <TableCell>{made}</TableCell>
            <TableCell>{lastUsed}</TableCell>
            <TableCell aria-label={t("tokens.actions")} />
          </>
        }
      >
        {tokens.map((row) => (
          <TableRow key={row.id} data-testid={`scim-token-row-${row.id}`}>
            <TableCell>
              <Typography variant="body2" className={css.wrap}>
                {row.name}
              </Typography>
            </TableCell>
            <TableCell className={css.mono} data-label={token}>{`${row.prefix}…`}</TableCell>
            <TableCell data-label={madeBy}>{row.created_by?.name ?? t("tokens.scim.commandLine")}</TableCell>
            <TableCell data-label={made}>{when(row.created_at)}</TableCell>
            <TableCell data-label={lastUsed} data-testid={`scim-token-last-used-${row.id}`}>
              {when(row.last_used_at)}
            </TableCell>
            <TableCell align="right" data-label="">
              {row.revoked_at ? (
                <Chip size="small" variant="outlined" label={t("tokens.scim.revoked", { when: when(row.revoked_at) })} wrap data-testid={`scim-token-revoked-${row.id}`} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={t("tokens.revokeOne", { name: row.name })}
                  data-testid={`scim-token-revoke-${row.id}`}
                  onClick={() => setConfirming(row)}
                >
                  {t("tokens.revoke")}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
      {mounted && (
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="scim-revoke-title">
        <DialogTitle id="scim-revoke-title">{t("tokens.scim.revokeTitle", { name: confirming?.name ?? "" })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t("tokens.scim.revokeText")}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setConfirming(null)}>{t("tokens.scim.cancel")}</MuiButton>
          <Form method="post" onSubmit={() => setConfirming(null)}>
            <input type="hidden" name="intent" value="revoke_token" />
            <input type="hidden" name="token_id" value={confirming?.id ?? ""} />
            <MuiButton type="submit" color="error" variant="contained" data-testid="scim-token-revoke-confirm">
              {t("tokens.revoke")}
            </MuiButton>
          </Form>
        </DialogActions>
      </Dialog>
      )}
    </>
  );
}
