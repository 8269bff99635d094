import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box, TextField, Typography } from "@mui/material";
import { ApiTokenTable } from "~/features/auth/tokens/api-token-table";
import { TokenActionAlerts, TokenCreateForm } from "~/features/auth/tokens/token-page-parts";
import { PERSONAL_TOKEN_DAYS_DEFAULT, TOKEN_NAME_MAX } from "~/features/auth/tokens/rules";
import { ownTokensAction, ownTokensLoader } from "~/features/auth/tokens/pages.server";

export const handle = pageTitle("tokens.api.pageTitle");

export const loader = ({ request }: LoaderFunctionArgs) => ownTokensLoader(request);
export const action = ({ request }: ActionFunctionArgs) => ownTokensAction(request);

/** The signed-in user's API tokens: make one (shown once), see when each was last used, revoke. */
export default function ApiTokens() {
  const { tokens, spoofing, maxDays } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const created = result?.ok ? result.created : null;
  const { t } = useTranslation();

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t("tokens.api.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("tokens.api.intro")}
      </Typography>

      <TokenActionAlerts
        result={result}
        testIdPrefix="api-token"
        created={
          created && (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t("tokens.api.created", { name: created.api_token.name })}
              </Typography>
              <Typography component="code" data-testid="api-token-value" sx={{ fontFamily: "monospace", overflowWrap: "anywhere", userSelect: "all" }}>
                {created.token}
              </Typography>
            </>
          )
        }
      />

      {!spoofing && (
        <TokenCreateForm created={created} busy={busy} submitTestId="api-token-create">
          <TextField name="name" label={t("tokens.name")} size="small" required inputProps={{ maxLength: TOKEN_NAME_MAX }} sx={{ minWidth: 260 }} />
          <TextField
            name="expires_in_days"
            label={t("tokens.api.expiresIn")}
            type="number"
            size="small"
            required
            defaultValue={PERSONAL_TOKEN_DAYS_DEFAULT}
            inputProps={{ min: 1, max: maxDays }}
            sx={{ width: 160 }}
          />
        </TokenCreateForm>
      )}

      <ApiTokenTable tokens={tokens} busy={busy} canRevoke={!spoofing} emptyText={t("tokens.api.none")} />
    </Box>
  );
}
