import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadGeneralGuideline } from "~/features/guidelines/pages.server";
import { GeneralGuidelinePage } from "~/features/guidelines/general-guideline-page";

export const meta: MetaFunction = () => [{ title: "General Guideline | PMR" }];

export const loader = (args: LoaderFunctionArgs) => loadGeneralGuideline(args);

export default function GeneralGuideline() {
  return <GeneralGuidelinePage data={useLoaderData<typeof loader>()} />;
}
