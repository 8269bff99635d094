import { Transform } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EmotionCache } from "@emotion/cache";

/** How long a render may wait for streamed parts before it is aborted (Remix's `streamTimeout`). */
export const STREAM_TIMEOUT_MS = 5000;

/**
 * The document streamed (issue 27): React renders the whole shell first (every route's markup: there are no Suspense
 * boundaries in our pages, only single fetch's data stream after it), so when the shell is ready the request's
 * emotion cache holds all its styles. The stream then goes to the response chunk by chunk as React writes it, with the
 * style tags put in <head> on the way (withStylesOnce); single fetch's data follows as it is encoded.
 */
export function streamDocument(element: ReactElement, styles: () => string, nonce: string | undefined): Promise<Transform> {
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(element, {
      // React's own scripts that put streamed parts in place carry the page's CSP nonce (ADR 0041).
      nonce,
      onShellReady() {
        const body = withStylesOnce(styles);
        resolve(body);
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        console.error(error);
      },
    });
    setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
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
  // A page whose server render did no style work (the static pages of issue 27) gets no emotion tag at all.
  return ids.length === 0 ? globals : `${globals}<style data-emotion="${cache.key} ${ids.join(" ")}"${nonce}>${css}</style>`;
}

/** React 18's Fizz writes text into views of this many bytes (ReactServerStreamConfigNode's VIEW_SIZE). */
const REACT_VIEW_SIZE = 2048;

/**
 * React 18.3's writeStringChunk sends its whole 2,048-byte view when a multi-byte character does not fit in what is
 * left of it, unwritten zero bytes included (facebook/react#24985, fixed in #26228 for React 19 only). The browser
 * shows each NUL in an attribute as U+FFFD: CI at a6ac419 saw 邮箱 become 邮箱�� in a zh-CN placeholder. Such a
 * chunk is exactly one view long and ends in at most three zero bytes; a zero byte never occurs inside a UTF-8
 * character, and our pages never hold a NUL (every input refuses it), so those trailing zeros are dropped.
 */
export function withoutViewPadding(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_SIZE || chunk[chunk.length - 1] !== 0) return chunk;
  let end = chunk.length - 1;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}

const INSERTION_POINT = '<meta name="emotion-insertion-point" content="emotion-insertion-point"';

/**
 * A pass-through that writes the style tags right after root.tsx's insertion point in <head> (or before </head>): it
 * holds the first bytes until that point has gone by (the head is React's first chunk or two), then passes
 * everything on as it comes. The document starts with the doctype. It works on bytes, never decoding a chunk on its
 * own: a chunk may end inside a character (a Chinese title or placeholder), which decoded alone became U+FFFD.
 */
export function withStylesOnce(styles: () => string): Transform {
  let head: Buffer = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(written: Buffer, _encoding, callback) {
      const chunk = withoutViewPadding(written);
      if (done) return callback(null, chunk);
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const start = head.indexOf(INSERTION_POINT);
      const end = start < 0 ? head.indexOf("</head>") : head.indexOf(">", start) + 1;
      if (end <= 0) return callback();
      done = true;
      const doctype = head.subarray(0, 9).toString("latin1") === "<!DOCTYPE" ? "" : "<!DOCTYPE html>";
      const out = Buffer.concat([Buffer.from(doctype, "latin1"), head.subarray(0, end), Buffer.from(styles(), "utf8"), head.subarray(end)]);
      head = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, done || head.length === 0 ? undefined : head);
    },
  });
}
