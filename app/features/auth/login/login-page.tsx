import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Button, Card, CardContent, Stack, Typography } from "~/platform/ui/static";
import { StaticIcon } from "~/platform/ui/static-controls";
import css from "~/features/auth/login/login-page.module.css";

/** The provider buttons' icons: the Material paths of @mui/icons-material's Google and Login (Apache-2.0). */
const GOOGLE =
  "M12.545,10.239v3.821h5.445c-0.712,2.315-2.647,3.972-5.445,3.972c-3.332,0-6.033-2.701-6.033-6.032s2.701-6.032,6.033-6.032c1.498,0,2.866,0.549,3.921,1.453l2.814-2.814C17.503,2.988,15.139,2,12.545,2C7.021,2,2.543,6.477,2.543,12s4.478,10,10.002,10c8.396,0,10.249-7.85,9.426-11.748L12.545,10.239z";
const LOGIN = "M11 7 9.6 8.4l2.6 2.6H2v2h10.2l-2.6 2.6L11 17l5-5zm9 12h-8v2h8c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-8v2h8z";

/**
 * The standalone sign-in screen (no navigation shell; spec §2 'Login'): each button starts the provider's code flow.
 * Static markup and CSS (issue 27, ADR 0062): the anonymous page most often served adds no emotion work.
 */
export function LoginPage({ error, redirectTo }: { error: boolean; redirectTo: string | null }) {
  const { t } = useTranslation();
  const hidden = redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
  return (
    <div className={css.page}>
      <Card variant="outlined" className={css.card}>
        <CardContent className={css.content}>
          <Stack spacing={3} alignItems="stretch">
            <div>
              <Typography variant="h4" component="h1" gutterBottom>
                {t("login.heading")}
              </Typography>
              <Typography color="text.secondary">{t("login.intro")}</Typography>
            </div>
            {error && (
              <Alert severity="error" data-testid="login-error">
                {t("login.error")}
              </Alert>
            )}
            <Form method="post" action="/auth/google" reloadDocument>
              {hidden}
              <Button type="submit" variant="contained" size="large" fullWidth startIcon={<StaticIcon d={GOOGLE} />}>
                {t("login.google")}
              </Button>
            </Form>
            <Form method="post" action="/auth/lark" reloadDocument>
              {hidden}
              <Button type="submit" variant="outlined" size="large" fullWidth startIcon={<StaticIcon d={LOGIN} />}>
                {t("login.lark")}
              </Button>
            </Form>
          </Stack>
        </CardContent>
      </Card>
    </div>
  );
}
