import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadGeneralGuideline } from "~/features/guidelines/pages.server";
import { GeneralGuidelinePage } from "~/features/guidelines/general-guideline-page";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.generalGuideline");

export const loader = (args: LoaderFunctionArgs) => loadGeneralGuideline(args);

export default function GeneralGuideline() {
  return <GeneralGuidelinePage data={useLoaderData<typeof loader>()} />;
}
