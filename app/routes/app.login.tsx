import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import GoogleIcon from "@mui/icons-material/Google";
import LoginIcon from "@mui/icons-material/Login";
import { getCurrentUser } from "~/platform/auth.server";
import { commitSession, getSession } from "~/platform/session.server";
import { useTranslation } from "react-i18next";
import { DEFAULT_AFTER_LOGIN, safeRedirectPath } from "~/features/auth/rules";
import { pageTitle } from "~/platform/i18n/page-title";

/** The document's title in the reader's language (ADR 0080; the texts: spec §2 'Screen contents known: Login'). */
export const handle = pageTitle("login.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw redirect(redirectTo);
  const session = await getSession(request);
  const error = Boolean(session.get("loginError")); // a flash: shown once
  return data(
    { error, redirectTo: redirectTo === DEFAULT_AFTER_LOGIN ? null : redirectTo },
    error ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

/** Standalone sign-in screen (no navigation shell). Each button starts the provider's code flow. */
export default function Login() {
  const { error, redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hidden = redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "grey.50" }}>
      <Card variant="outlined" sx={{ width: "100%", maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={3} alignItems="stretch">
            <Box>
              <Typography variant="h4" component="h1" gutterBottom>
                {t("login.heading")}
              </Typography>
              <Typography color="text.secondary">{t("login.intro")}</Typography>
            </Box>
            {error && (
              <Alert severity="error" data-testid="login-error">
                {t("login.error")}
              </Alert>
            )}
            <Form method="post" action="/auth/google" reloadDocument>
              {hidden}
              <Button type="submit" variant="contained" size="large" fullWidth startIcon={<GoogleIcon />}>
                {t("login.google")}
              </Button>
            </Form>
            <Form method="post" action="/auth/lark" reloadDocument>
              {hidden}
              <Button type="submit" variant="outlined" size="large" fullWidth startIcon={<LoginIcon />}>
                {t("login.lark")}
              </Button>
            </Form>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
