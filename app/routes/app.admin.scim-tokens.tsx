import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box, Button, Link, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { TokenActionAlerts, TokenCreateForm } from "~/features/auth/tokens/token-page-parts";
import { ScimTokenTable } from "~/features/scim/tokens/scim-token-table";
import { SCIM_TOKEN_NAME_MAX } from "~/features/scim/tokens/rules";
import { scimTokensAction, scimTokensLoader } from "~/features/scim/tokens/pages.server";

export const meta: MetaFunction = () => [{ title: "SCIM provisioning - PMR" }];

export const loader = ({ request }: LoaderFunctionArgs) => scimTokensLoader(request);
export const action = ({ request }: ActionFunctionArgs) => scimTokensAction(request);

/** Copies a value to the clipboard and says so. */
function CopyButton({ value, testId }: { value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false));
      }}
    >
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

/** SCIM provisioning: the base URL for the identity provider, its bearer tokens (made, shown once, revoked). */
export default function ScimTokens() {
  const { baseUrl, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const created = result?.ok ? result.created : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1040 }}>
      <Link component={RemixLink} to="/app/admin/users" sx={{ display: "inline-block", mb: 1 }}>
        ← Users
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        SCIM provisioning
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your identity provider (Okta, Microsoft Entra ID, OneLogin, JumpCloud…) creates, updates and deactivates users here over SCIM 2.0.
        Give it this base URL and a token as its bearer token (Authorization: Bearer …).
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3, alignItems: "center" }}>
        <Typography variant="body2">SCIM base URL:</Typography>
        <Typography component="code" data-testid="scim-base-url" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
          {baseUrl}
        </Typography>
        <CopyButton value={baseUrl} testId="scim-base-url-copy" />
      </Stack>

      <TokenActionAlerts
        result={result}
        testIdPrefix="scim-token"
        created={
          created && (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                Your new SCIM token “{created.scim_token.name}”. It is shown only this once: copy it into your identity provider now.
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography component="code" data-testid="scim-token-value" sx={{ fontFamily: "monospace", overflowWrap: "anywhere", userSelect: "all" }}>
                  {created.token}
                </Typography>
                <CopyButton value={created.token} testId="scim-token-copy" />
              </Stack>
            </>
          )
        }
      />

      <TokenCreateForm created={created} busy={busy} submitTestId="scim-token-create">
        <TextField
          name="name"
          label="Name (e.g. Okta)"
          size="small"
          required
          inputProps={{ maxLength: SCIM_TOKEN_NAME_MAX, "data-testid": "scim-token-name" }}
          sx={{ minWidth: 260 }}
        />
      </TokenCreateForm>

      <ScimTokenTable tokens={tokens} busy={busy} />
    </Box>
  );
}
