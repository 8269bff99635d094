import { privacyPanelAction, privacyPanelLoader } from "~/features/privacy/pages.server";

/** The admin user page's "Personal data" card: its data (GET) and its export and erasure forms (POST). Super admin. */
export const loader = privacyPanelLoader;
export const action = privacyPanelAction;
