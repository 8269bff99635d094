import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import { CacheProvider } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import { createInstance, type i18n as I18n } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { ThemeProvider } from "@mui/material/styles";
import { createEmotionCache } from "~/platform/theme/emotion-cache";
import { theme } from "~/platform/theme/theme";
import { i18next } from "~/platform/i18n/i18next.server";
import i18nConfig from "~/platform/i18n/i18n";
import { reportServerError } from "~/platform/analytics/report-error.server";
import { NonceProvider } from "~/platform/security/nonce";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's Content-Security-Policy nonce (server/security.ts; ADR 0041); undefined on the dev server. */
    cspNonce?: string;
  }
}

export const streamTimeout = 5000;

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

/** Render the whole document (waiting for every Suspense boundary, including single fetch's data stream). */
function renderDocument(element: React.ReactElement): Promise<{ html: string; errored: boolean }> {
  return new Promise((resolve, reject) => {
    let errored = false;
    const chunks: Buffer[] = [];
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), errored }));
        sink.on("error", reject);
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        errored = true;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
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
      .init({ ...i18nConfig, lng })
      .then(() => instance);
    i18nInstances.set(lng, ready);
  }
  return ready;
}

/**
 * The style tags of everything this render inserted into its own emotion cache: what emotion's
 * extractCriticalToChunks + constructStyleTagsFromChunks give, without searching the whole document for class
 * names (the cache is made for this one request, so all it holds was rendered by it). Global styles each get
 * their own tag, before the regular ones, as emotion's client expects when it takes the tags over. Each tag carries
 * the cache's nonce (the Content-Security-Policy's, ADR 0041).
 */
export function styleTags(cache: EmotionCache): string {
  const nonce = cache.nonce ? ` nonce="${cache.nonce}"` : "";
  let globals = "";
  const ids: string[] = [];
  let css = "";
  for (const id of Object.keys(cache.inserted)) {
    const style = cache.inserted[id];
    if (typeof style !== "string") continue;
    if (cache.registered[`${cache.key}-${id}`] !== undefined) {
      ids.push(id);
      css += style;
    } else {
      globals += `<style data-emotion="${cache.key}-global ${id}"${nonce}>${style}</style>`;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${ids.join(" ")}"${nonce}>${css}</style>`;
}

const INSERTION_POINT = '<meta name="emotion-insertion-point" content="emotion-insertion-point"';

/** The document with the style tags right after root.tsx's insertion point (in <head>, found near the start). */
function withStyles(html: string, styles: string): string {
  const start = html.indexOf(INSERTION_POINT);
  const end = start < 0 ? Math.max(0, html.indexOf("</head>")) : html.indexOf(">", start) + 1;
  return html.slice(0, end) + styles + html.slice(end);
}

/**
 * Server rendering: MUI styles are collected with emotion's critical-CSS extraction and
 * inlined in <head>, so the first paint is styled and hydration matches.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const instance = await i18nFor(await i18next.getLocale(request));
  // The Content-Security-Policy nonce of this request: on Remix's scripts (the root's <Scripts>, single fetch's
  // data stream) and on the style tags.
  const nonce = loadContext?.cspNonce;
  const cache = createEmotionCache(nonce);

  const { html } = await renderDocument(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <CacheProvider value={cache}>
          <ThemeProvider theme={theme}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </ThemeProvider>
        </CacheProvider>
      </I18nextProvider>
    </NonceProvider>,
  );
  const markup = withStyles(html, styleTags(cache));

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(markup.startsWith("<!DOCTYPE") ? markup : `<!DOCTYPE html>${markup}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}
