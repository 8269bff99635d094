import { useLocation, useNavigate } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { doneMessage, messageText } from "~/platform/i18n/page-message";

/**
 * A clean address after saving (issue 26 §6), on every /app page:
 * - `done=<message>`: an action that redirects carries its success message in the address; it is shown once as a
 *   toast and taken out of the address (a replace navigation: the page's data is reloaded, there is no action data
 *   to lose after a redirect).
 * - `?index`: Remix posts a form of an index route to `path?index`, and an action that answers with data (a form
 *   error, a result shown on the page) leaves the browser there. The address is replaced in the browser's history
 *   only, so the action's answer stays on the page; a later form of the page still posts to the index route
 *   (Remix adds `index` from the route, not from the address).
 */
export function AddressToasts() {
  // Keyed by the navigation: a second post to the same ?index address is a new location with the same text.
  const { pathname, search, hash, key } = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const done = params.get("done");
    if (done === null && !params.has("index")) return;
    params.delete("done");
    params.delete("index");
    const rest = params.toString();
    const clean = `${pathname}${rest ? `?${rest}` : ""}${hash}`;
    if (done !== null) {
      // A message as a key (doneParam) in the reader's language; a plain text as it is.
      const message = doneMessage(done);
      if (done) enqueueSnackbar(message ? messageText(t, message) : done, { variant: "success" });
      navigate(clean, { replace: true, preventScrollReset: true });
    } else {
      window.history.replaceState(window.history.state, "", clean);
    }
  }, [pathname, search, hash, key, navigate, enqueueSnackbar, t]);
  return null;
}
