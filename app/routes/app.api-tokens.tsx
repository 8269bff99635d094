import { useTranslation } from "react-i18next";
import { pageTitle } from "~/platform/i18n/page-title";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Box, Typography, cx } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import css from "~/features/auth/tokens/tokens.module.css";
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
    <Box className={cx(css.page, css.api)}>
      <Typography variant="h5" component="h1" className={css.title}>
        {t("tokens.api.title")}
      </Typography>
      <Typography color="text.secondary" className={css.intro}>
        {t("tokens.api.intro")}
      </Typography>

      <TokenActionAlerts
        result={result}
        testIdPrefix="api-token"
        created={
          created && (
            <>
              <Typography variant="body2" className={css.createdLine}>
                {t("tokens.api.created", { name: created.api_token.name })}
              </Typography>
              <Typography component="code" data-testid="api-token-value" className={css.code}>
                {created.token}
              </Typography>
            </>
          )
        }
      />

      {!spoofing && (
        <TokenCreateForm created={created} busy={busy} submitTestId="api-token-create">
          <TextField name="name" label={t("tokens.name")} size="small" required inputProps={{ maxLength: TOKEN_NAME_MAX }} className={css.nameField} />
          <TextField
            name="expires_in_days"
            label={t("tokens.api.expiresIn")}
            type="number"
            size="small"
            required
            defaultValue={PERSONAL_TOKEN_DAYS_DEFAULT}
            inputProps={{ min: 1, max: maxDays }}
            className={css.daysField}
          />
        </TokenCreateForm>
      )}

      <ApiTokenTable tokens={tokens} busy={busy} canRevoke={!spoofing} emptyText={t("tokens.api.none")} />
    </Box>
  );
}
