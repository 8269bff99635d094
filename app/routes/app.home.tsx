import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { HomePage } from "~/features/home/components/home-page";
import { loadHomePage } from "~/features/home/pages.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.home");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadHomePage(request);
}

/** Spec §2 'Home' (ADR 0036): the selected cycle (cycle_id) and what waits for the user in it. */
export default function Home() {
  return <HomePage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
