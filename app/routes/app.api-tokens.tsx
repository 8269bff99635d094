import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useRef } from "react";
import { ApiTokenTable } from "~/features/auth/tokens/api-token-table";
import { PERSONAL_TOKEN_DAYS_DEFAULT, TOKEN_NAME_MAX } from "~/features/auth/tokens/rules";
import { ownTokensAction, ownTokensLoader } from "~/features/auth/tokens/pages.server";

export const meta: MetaFunction = () => [{ title: "API tokens - PMR" }];

export const loader = ({ request }: LoaderFunctionArgs) => ownTokensLoader(request);
export const action = ({ request }: ActionFunctionArgs) => ownTokensAction(request);

/** The signed-in user's API tokens: make one (shown once), see when each was last used, revoke. */
export default function ApiTokens() {
  const { tokens, spoofing, maxDays } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const created = result?.ok ? result.created : null;
  useEffect(() => {
    if (created) form.current?.reset();
  }, [created]);

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        API tokens
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A token lets a script call the API as you (Authorization: Bearer …). Only a fingerprint of it is stored: copy it when it is shown.
      </Typography>

      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="api-token-error">
          {result.error}
        </Alert>
      )}
      {result?.ok && result.message && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="api-token-message">
          {result.message}
        </Alert>
      )}
      {created && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="api-token-created">
          <Typography variant="body2" sx={{ mb: 1 }}>
            Your new token “{created.api_token.name}”. It is shown only this once:
          </Typography>
          <Typography component="code" data-testid="api-token-value" sx={{ fontFamily: "monospace", overflowWrap: "anywhere", userSelect: "all" }}>
            {created.token}
          </Typography>
        </Alert>
      )}

      {!spoofing && (
        <Form method="post" ref={form}>
          <input type="hidden" name="intent" value="create_token" />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: { sm: "flex-start" } }}>
            <TextField name="name" label="Name" size="small" required inputProps={{ maxLength: TOKEN_NAME_MAX }} sx={{ minWidth: 260 }} />
            <TextField
              name="expires_in_days"
              label="Expires in (days)"
              type="number"
              size="small"
              required
              defaultValue={PERSONAL_TOKEN_DAYS_DEFAULT}
              inputProps={{ min: 1, max: maxDays }}
              sx={{ width: 160 }}
            />
            <Button type="submit" variant="contained" disabled={busy} data-testid="api-token-create">
              Make token
            </Button>
          </Stack>
        </Form>
      )}

      <ApiTokenTable tokens={tokens} busy={busy} canRevoke={!spoofing} emptyText="You have no API tokens." />
    </Box>
  );
}
