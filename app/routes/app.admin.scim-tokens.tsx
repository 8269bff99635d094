import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box, Button, Link, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { TokenActionAlerts, TokenCreateForm } from "~/features/auth/tokens/token-page-parts";
import { ScimTokenTable } from "~/features/scim/tokens/scim-token-table";
import { SCIM_TOKEN_NAME_MAX } from "~/features/scim/tokens/rules";
import { scimTokensAction, scimTokensLoader } from "~/features/scim/tokens/pages.server";

export const handle = pageTitle("tokens.scim.pageTitle");

export const loader = ({ request }: LoaderFunctionArgs) => scimTokensLoader(request);
export const action = ({ request }: ActionFunctionArgs) => scimTokensAction(request);

/** Copies a value to the clipboard and says so. */
function CopyButton({ value, testId }: { value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="outlined"
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false));
      }}
    >
      {copied ? t("tokens.scim.copied") : t("tokens.scim.copy")}
    </Button>
  );
}

/** SCIM provisioning: the base URL for the identity provider, its bearer tokens (made, shown once, revoked). */
export default function ScimTokens() {
  const { baseUrl, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const created = result?.ok ? result.created : null;
  const { t } = useTranslation();

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1040 }}>
      <Link component={RemixLink} to="/app/admin/users" sx={{ display: "inline-block", mb: 1 }}>
        {t("tokens.scim.back")}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t("tokens.scim.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("tokens.scim.intro")}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3, alignItems: "center" }}>
        <Typography variant="body2">{t("tokens.scim.baseUrl")}</Typography>
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
                {t("tokens.scim.created", { name: created.scim_token.name })}
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
          label={t("tokens.scim.nameLabel")}
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
