import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box, Button, Link, Stack, Typography, cx } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import css from "~/features/auth/tokens/tokens.module.css";
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
    <Box className={cx(css.page, css.scim)}>
      <Link to="/app/admin/users" className={css.back}>
        {t("tokens.scim.back")}
      </Link>
      <Typography variant="h5" component="h1" className={css.title}>
        {t("tokens.scim.title")}
      </Typography>
      <Typography color="text.secondary" className={css.introShort}>
        {t("tokens.scim.intro")}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap className={css.baseUrl}>
        <Typography variant="body2">{t("tokens.scim.baseUrl")}</Typography>
        <Typography component="code" data-testid="scim-base-url" className={cx(css.mono, css.wrap)}>
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
              <Typography variant="body2" className={css.createdLine}>
                {t("tokens.scim.created", { name: created.scim_token.name })}
              </Typography>
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography component="code" data-testid="scim-token-value" className={css.code}>
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
          className={css.nameField}
        />
      </TokenCreateForm>

      <ScimTokenTable tokens={tokens} busy={busy} />
    </Box>
  );
}
