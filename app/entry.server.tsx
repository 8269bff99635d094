import { type ActionFunctionArgs, type AppLoadContext, type EntryContext, type LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { CacheProvider } from "@emotion/react";
import { createInstance, type i18n as I18n } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createEmotionCache } from "~/platform/theme/emotion-cache";
import { STREAM_TIMEOUT_MS, streamDocument, styleTags } from "~/platform/theme/document-stream.server";
import { theme } from "~/platform/theme/theme";
import { LocalizedThemeProvider } from "~/platform/theme/localized-theme";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import { enterRequestScope } from "~/platform/request-scope.server";
import i18nConfig from "~/platform/i18n/i18n";
import { serverResources } from "~/platform/i18n/resources.server";
import { reportServerError } from "~/platform/analytics/report-error.server";
import { NonceProvider } from "~/platform/security/nonce";
import { lazyWebStream } from "~/platform/node-body.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's Content-Security-Policy nonce (server/security.ts; ADR 0041); undefined on the dev server. */
    cspNonce?: string;
  }
}

export const streamTimeout = STREAM_TIMEOUT_MS;

// The app server's own needs, reached through the build (see app/entry.boot.server.ts).
export * as boot from "~/entry.boot.server";

/**
 * Unexpected errors of loaders, actions and rendering go to error reporting (Sentry in production with a DSN;
 * ADR 0035). Thrown Responses (404, 403, redirects) and aborted requests are expected and not reported.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || error instanceof Response) return;
  reportServerError(error);
}

/**
 * One i18next instance per language, initialised once: the resources are bundled and a render only reads them
 * (nothing calls changeLanguage on the server), so the instance is shared by every request in that language.
 */
const i18nInstances = new Map<string, Promise<I18n>>();
function i18nFor(lng: string): Promise<I18n> {
  let ready = i18nInstances.get(lng);
  if (!ready) {
    const instance = createInstance();
    ready = instance
      .use(initReactI18next)
      .init({ ...i18nConfig, resources: serverResources, lng })
      .then(() => rememberPlainTexts(instance));
    i18nInstances.set(lng, ready);
  }
  return ready;
}

/** The options react-i18next's `t` adds by itself; a call with any other option (values, count, context) is not remembered. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** At most this many texts remembered per language (the keys are the code's; a bound all the same). */
const MAX_REMEMBERED = 20_000;

/**
 * A text without values (most of a page's: headings, buttons, the frame's navigation) is the same for every request
 * in a language: the server's shared instance remembers it instead of resolving the key each time (i18next's key
 * lookup, fallback and interpolation pass were ~5% of a trivial signed-in page's CPU; issue 27, ADR 0102). Calls
 * with values, `count`, `context` or any other option go to i18next as before.
 */
export function rememberPlainTexts(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const remembered = new Map<string, unknown>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 0 || (options !== undefined && (typeof options !== "object" || options === null))) {
      return translate(key, options, ...(rest as []));
    }
    const o = (options ?? {}) as Record<string, unknown>;
    for (const name in o) if (!FIXED_T_OPTIONS.has(name)) return translate(key, options);
    const id = `${String(o.lng)}\u0000${String(o.lngs)}\u0000${String(o.ns)}\u0000${String(o.keyPrefix)}\u0000${key}`;
    const hit = remembered.get(id);
    if (hit !== undefined) return hit;
    const text = translate(key, options);
    if (typeof text === "string" && remembered.size < MAX_REMEMBERED) remembered.set(id, text);
    return text;
  };
  instance.t = t as unknown as I18n["t"];
  return instance;
}

/**
 * Server rendering, streamed: what MUI components still render through emotion is collected in the request's cache and
 * written in <head>, so the first paint is styled and hydration matches.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // The same decision as the root loader's, from the same memoised session read (ADR 0063, 0077).
  enterRequestScope(request, loadContext);
  const instance = await i18nFor((await requestPreferences(request)).language);
  // The Content-Security-Policy nonce of this request: on Remix's scripts (the root's <Scripts>, single fetch's
  // data stream) and on the style tags.
  const nonce = loadContext?.cspNonce;
  const cache = createEmotionCache(nonce);

  const body = await streamDocument(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <CacheProvider value={cache}>
          <LocalizedThemeProvider theme={theme}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </LocalizedThemeProvider>
        </CacheProvider>
      </I18nextProvider>
    </NonceProvider>,
    () => styleTags(cache),
    nonce,
  );

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The web server pipes `body` to the socket itself; a web stream over it is read only by others (ADR 0102).
  return new Response(lazyWebStream(body), { status: responseStatusCode, headers: responseHeaders });
}
