import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { preferencesAction, preferencesLoader } from "~/features/preferences/pages.server";
import { PreferencesPage } from "~/features/preferences/components/preferences-page";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.preferences");

export const loader = ({ request }: LoaderFunctionArgs) => preferencesLoader(request);
export const action = ({ request }: ActionFunctionArgs) => preferencesAction(request);

export default PreferencesPage;
