import { Form } from "@remix-run/react";
import { Button, Chip, TableCell, TableRow, Typography } from "@mui/material";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { useTranslation } from "react-i18next";
import { useTokenTime } from "~/features/auth/tokens/token-page-parts";
import type { ApiTokenView } from "~/features/auth/tokens/rules";

/**
 * Live API tokens (name, prefix, made, last used, expiry), each with a Revoke button that posts
 * `intent=revoke_token` and `token_id` to the page's action. Never the token itself: only its prefix.
 */
export function ApiTokenTable({ tokens, busy, canRevoke = true, emptyText }: { tokens: ApiTokenView[]; busy: boolean; canRevoke?: boolean; emptyText: string }) {
  const { t } = useTranslation();
  const when = useTokenTime();
  return (
    <OutlinedTable
      testId="api-token-table"
      ariaLabel={t("tokens.api.title")}
      empty={tokens.length === 0}
      emptyText={emptyText}
      emptyTestId="api-token-empty"
      head={
        <>
          <TableCell>{t("tokens.name")}</TableCell>
          <TableCell>{t("tokens.token")}</TableCell>
          <TableCell>{t("tokens.made")}</TableCell>
          <TableCell>{t("tokens.lastUsed")}</TableCell>
          <TableCell>{t("tokens.expires")}</TableCell>
          {canRevoke && <TableCell aria-label={t("tokens.actions")} />}
        </>
      }
    >
      {tokens.map((token) => (
        <TableRow key={token.id} data-testid={`api-token-row-${token.id}`}>
          <TableCell>
            <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
              {token.name}
            </Typography>
            {token.provider !== "personal" && <Chip size="small" variant="outlined" label={token.provider} sx={{ mt: 0.5 }} />}
          </TableCell>
          <TableCell sx={{ fontFamily: "monospace" }}>{token.prefix ? `${token.prefix}…` : "—"}</TableCell>
          <TableCell>{when(token.created_at)}</TableCell>
          <TableCell>{when(token.last_used_at)}</TableCell>
          <TableCell>{when(token.expires_at)}</TableCell>
          {canRevoke && (
            <TableCell align="right">
              <Form method="post">
                <input type="hidden" name="intent" value="revoke_token" />
                <input type="hidden" name="token_id" value={token.id} />
                <Button type="submit" size="small" color="error" disabled={busy} aria-label={t("tokens.revokeOne", { name: token.name })} data-testid={`api-token-revoke-${token.id}`}>
                  {t("tokens.revoke")}
                </Button>
              </Form>
            </TableCell>
          )}
        </TableRow>
      ))}
    </OutlinedTable>
  );
}
