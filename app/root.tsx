import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { i18next } from "~/platform/i18n/i18next.server";
import { RouteErrorBoundary } from "~/platform/ui/error-view";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [{ title: "PMR" }, { name: "viewport", content: "initial-scale=1, width=device-width" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { locale: await i18next.getLocale(request) };
}

export const handle = { i18n: "common" };

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language || "en"} dir={i18n.dir?.() ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
        <meta name="emotion-insertion-point" content="emotion-insertion-point" />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  useEffect(() => {
    // Lets browser tests (and monitoring) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Global crash fallback and HTTP errors that escape every route. */
export const ErrorBoundary = RouteErrorBoundary;
