import { Form } from "@remix-run/react";
import { Button, Chip, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import css from "~/features/auth/tokens/tokens.module.css";
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
  const [token, made, lastUsed, expires] = [t("tokens.token"), t("tokens.made"), t("tokens.lastUsed"), t("tokens.expires")];
  // Stacked rows below 960 px (ADR 0068): each cell named by its column.
  return (
    <StackedTable
      testId="api-token-table"
      ariaLabel={t("tokens.api.title")}
      empty={tokens.length === 0}
      emptyText={emptyText}
      emptyTestId="api-token-empty"
      head={
        <>
          <TableCell>{t("tokens.name")}</TableCell>
          <TableCell>{token}</TableCell>
          <TableCell>{made}</TableCell>
          <TableCell>{lastUsed}</TableCell>
          <TableCell>{expires}</TableCell>
          {canRevoke && <TableCell aria-label={t("tokens.actions")} />}
        </>
      }
    >
      {tokens.map((row) => (
        <TableRow key={row.id} data-testid={`api-token-row-${row.id}`}>
          <TableCell>
            <Typography variant="body2" className={css.wrap}>
              {row.name}
            </Typography>
            {row.provider !== "personal" && <Chip size="small" variant="outlined" label={row.provider} className={css.provider} wrap />}
          </TableCell>
          <TableCell className={css.mono} data-label={token}>
            {row.prefix ? `${row.prefix}…` : "—"}
          </TableCell>
          <TableCell data-label={made}>{when(row.created_at)}</TableCell>
          <TableCell data-label={lastUsed}>{when(row.last_used_at)}</TableCell>
          <TableCell data-label={expires}>{when(row.expires_at)}</TableCell>
          {canRevoke && (
            <TableCell align="right" data-label="">
              <Form method="post">
                <input type="hidden" name="intent" value="revoke_token" />
                <input type="hidden" name="token_id" value={row.id} />
                <Button type="submit" size="small" color="error" disabled={busy} aria-label={t("tokens.revokeOne", { name: row.name })} data-testid={`api-token-revoke-${row.id}`}>
                  {t("tokens.revoke")}
                </Button>
              </Form>
            </TableCell>
          )}
        </TableRow>
      ))}
    </StackedTable>
  );
}
