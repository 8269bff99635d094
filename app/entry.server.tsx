import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import { createEmotionCache } from "~/platform/theme/emotion-cache";
import { theme } from "~/platform/theme/theme";
import { i18next } from "~/platform/i18n/i18next.server";
import i18nConfig from "~/platform/i18n/i18n";
import { reportServerError } from "~/platform/analytics/report-error.server";

export const streamTimeout = 5000;

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
 * Server rendering: MUI styles are collected with emotion's critical-CSS extraction and
 * inlined in <head>, so the first paint is styled and hydration matches.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const instance = createInstance();
  const lng = await i18next.getLocale(request);
  await instance.use(initReactI18next).init({ ...i18nConfig, lng });

  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  const { html } = await renderDocument(
    <I18nextProvider i18n={instance}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>,
  );
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  const markup = html.replace(/<meta name="emotion-insertion-point" content="emotion-insertion-point"\/?>/, (m) => m + styles);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(markup.startsWith("<!DOCTYPE") ? markup : `<!DOCTYPE html>${markup}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}
