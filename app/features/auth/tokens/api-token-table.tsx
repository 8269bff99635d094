import { Form } from "@remix-run/react";
import { Button, Chip, TableCell, TableRow, Typography } from "@mui/material";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { tokenTime as when } from "~/features/auth/tokens/token-page-parts";
import type { ApiTokenView } from "~/features/auth/tokens/rules";

/**
 * Live API tokens (name, prefix, made, last used, expiry), each with a Revoke button that posts
 * `intent=revoke_token` and `token_id` to the page's action. Never the token itself: only its prefix.
 */
export function ApiTokenTable({ tokens, busy, canRevoke = true, emptyText }: { tokens: ApiTokenView[]; busy: boolean; canRevoke?: boolean; emptyText: string }) {
  return (
    <OutlinedTable
      testId="api-token-table"
      ariaLabel="API tokens"
      empty={tokens.length === 0}
      emptyText={emptyText}
      emptyTestId="api-token-empty"
      head={
        <>
          <TableCell>Name</TableCell>
          <TableCell>Token</TableCell>
          <TableCell>Made</TableCell>
          <TableCell>Last used</TableCell>
          <TableCell>Expires</TableCell>
          {canRevoke && <TableCell aria-label="Actions" />}
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
                <Button type="submit" size="small" color="error" disabled={busy} aria-label={`Revoke ${token.name}`} data-testid={`api-token-revoke-${token.id}`}>
                  Revoke
                </Button>
              </Form>
            </TableCell>
          )}
        </TableRow>
      ))}
    </OutlinedTable>
  );
}
