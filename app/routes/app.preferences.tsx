import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { preferencesAction, preferencesLoader } from "~/features/preferences/pages.server";
import { PreferencesPage } from "~/features/preferences/components/preferences-page";

export const meta: MetaFunction = () => [{ title: "Language and time zone - PMR" }];

export const loader = ({ request }: LoaderFunctionArgs) => preferencesLoader(request);
export const action = ({ request }: ActionFunctionArgs) => preferencesAction(request);

export default PreferencesPage;
