import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
} from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import { BROWSER_TIME_ZONE_COOKIE, isTimeZone } from "~/platform/i18n/preferences";
import { ReaderProvider } from "~/platform/i18n/reader-context";
import { switchLanguage } from "~/platform/i18n/load-language";
import { DocumentTitle } from "~/platform/i18n/page-title";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { NavigationProgress } from "~/platform/ui/navigation-progress";
import { Analytics } from "~/platform/analytics/analytics";
import { startBrowserMonitoring } from "~/platform/analytics/monitoring.client";
import { clientMonitoringConfig } from "~/features/shell/config.server";
import { NonceGlobal, useNonce } from "~/platform/security/nonce";
import { TOKENS_CSS } from "~/platform/theme/tokens";
import "~/platform/theme/baseline.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The viewport tag is written by Layout below (a route's own `meta` would replace the root's), and the title by
// DocumentTitle from the routes' handles, in the reader's language (ADR 0080): the root has no `meta`.

export async function loader({ request }: LoaderFunctionArgs) {
  // Analytics and error reporting (ADR 0035): GA only with GA_GTAG_ID; Sentry only in production with a DSN.
  // The reader's language and time zone (ADR 0077): one decision shared with entry.server.tsx, no statement of its own.
  const { language, timeZone, chosen } = await requestPreferences(request);
  return { locale: language, timeZone, timeZoneChosen: chosen.timeZone !== null, ...clientMonitoringConfig() };
}

export const handle = { i18n: "common" };

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  return (
    <html lang={i18n.language || "en"} dir={i18n.dir?.() ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        {/* Phones lay the page out at their own width, not at 980 px shrunk (issue 26 §2). */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <NonceGlobal nonce={nonce} />
        {/* The design tokens as CSS custom properties, read by the static stylesheets (issue 27, ADR 0062). */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: TOKENS_CSS }} />
        <Meta />
        <DocumentTitle />
        <Links />
        <meta name="emotion-insertion-point" content="emotion-insertion-point" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, timeZone, timeZoneChosen, gaId, monitoring } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  const [zone, setZone] = useState(timeZone);
  useEffect(() => setZone(timeZone), [timeZone]);
  useEffect(() => {
    // The browser tells the server its zone (for the next pages; ADR 0077) and, without a choice, this page uses it now.
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own || !isTimeZone(own)) return;
    document.cookie = `${BROWSER_TIME_ZONE_COOKIE}=${encodeURIComponent(own)}; path=/; max-age=31536000; samesite=lax`;
    if (!timeZoneChosen) setZone(own);
  }, [timeZoneChosen]);
  useEffect(() => {
    // A change of language (the person's choice) switches the strings in place; no data is read again.
    void switchLanguage(i18n, locale);
  }, [i18n, locale]);
  useEffect(() => {
    void startBrowserMonitoring(monitoring);
  }, [monitoring]);
  useEffect(() => {
    // Lets browser tests (and monitoring) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <NavigationProgress />
      {gaId && <Analytics gaId={gaId} />}
      <ReaderProvider reader={{ language: locale, timeZone: zone }}>
        <Outlet />
      </ReaderProvider>
    </>
  );
}

/** Global crash fallback and HTTP errors that escape every route. */
export const ErrorBoundary = RouteErrorBoundary;
