import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Button, ButtonLink, Stack, Typography } from "~/platform/ui/static";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { captureBrowserError } from "~/platform/analytics/monitoring.client";

/**
 * Spec §2/§8: 'Not found' (404), "You don't have access to this page" (403),
 * 'Error Loading Data' with Retry otherwise; crash: 'Something went wrong, please try again' with Reload.
 * `message` overrides the text (e.g. 'You do not have access to this page' on admin pages). Static markup (ADR 0062):
 * an error page does no style work on the server.
 */
export function ErrorView({ status, crash, message }: { status?: number; crash?: boolean; message?: string }) {
  const { t } = useTranslation();
  const reload = () => window.location.reload();
  let text: string;
  let action: string | null = null;
  if (crash) {
    text = t("errors.crash");
    action = t("errors.reload");
  } else if (status === 404) {
    text = message ?? t("errors.notFound");
  } else if (status === 403) {
    text = message ?? t("errors.forbidden");
  } else if (message) {
    // 'Error Loading data' (a failed participant fetch, spec §8): in place of the content, without Retry.
    text = message;
  } else {
    text = t("errors.loading");
    action = t("errors.retry");
  }
  return (
    <Stack role="alert" data-testid="error-view" spacing={2} alignItems="flex-start" style={{ padding: 32 }}>
      <Typography variant="h5" component="h1">
        {text}
      </Typography>
      {action && (
        <Button variant="contained" onClick={reload}>
          {action}
        </Button>
      )}
    </Stack>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="not-found-page" spacing={2} alignItems="flex-start" style={{ padding: 32 }}>
      <Typography variant="h4" component="h1">
        {t("errors.notFoundPage")}
      </Typography>
      {/* A way back (issue 26 §6): the home page, which sends a visitor who is not signed in to the login screen. */}
      <ButtonLink variant="contained" to="/app/home" data-testid="not-found-home">
        {t("errors.backHome")}
      </ButtonLink>
    </Stack>
  );
}

/**
 * The texts of the spec an error response may carry to the page (spec §2/§8); any other text (a service's message,
 * e.g. "x is not your direct report") is never shown: the status decides ('Not found', "You don't have access…").
 */
const SPEC_PAGE_TEXTS = new Map<string, TranslationKey>([
  ["Invalid Cycle ID", "errors.invalidCycle"],
  ["No cycles present", "errors.noCycles"],
  ["You do not have access to this page", "errors.adminOnly"],
  ["Error Loading data", "errors.loadingData"],
]);

/** The key of the text an error response's data may show (one of the spec's, in the reader's language), or undefined. */
export function specPageText(data: unknown): TranslationKey | undefined {
  return typeof data === "string" ? SPEC_PAGE_TEXTS.get(data) : undefined;
}

/** A page route's ErrorBoundary: the route's error response (status, and a spec text when it carries one) or the crash view. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const crash = !isRouteErrorResponse(error);
  useEffect(() => {
    // A crash (not an HTTP error page) goes to error reporting when it runs (ADR 0035).
    if (crash) captureBrowserError(error);
  }, [crash, error]);
  if (!crash) {
    const key = specPageText(error.data);
    return <ErrorView status={error.status} message={key && t(key)} />;
  }
  return <ErrorView crash />;
}
