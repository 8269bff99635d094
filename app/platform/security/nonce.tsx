import { createContext, useContext } from "react";

/**
 * This request's Content-Security-Policy nonce (docs/decisions/0041-hardening.md): entry.server.tsx provides the one
 * server/security.ts made, entry.client.tsx the one the page was served with (`nonceOfPage`); the root gives it
 * to Remix's <Scripts> and <ScrollRestoration>. Undefined on the Vite dev server, whose policy needs none.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * Publishes the nonce as `window.__nonce__` before any module runs: notistack's styles (goober) make their <style>
 * tag when its module loads, before entry.client.tsx, and give it that nonce. Nothing on the dev server.
 */
export function NonceGlobal({ nonce }: { nonce: string | undefined }) {
  if (!nonce) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "window.__nonce__=document.currentScript.nonce" }} />;
}

/**
 * The nonce the page was served with, read in the browser from a script that carries it (browsers hide the
 * attribute's value from the DOM, but a script may read the `nonce` property).
 */
export function nonceOfPage(doc: Pick<Document, "querySelector">): string | undefined {
  return doc.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
