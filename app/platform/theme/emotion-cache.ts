import createCache from "@emotion/cache";

/**
 * The emotion cache of one render (server) or of the page (browser). `nonce`: the page's Content-Security-Policy
 * nonce, put on every <style> tag emotion writes (docs/decisions/0041-hardening.md).
 */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: "css", nonce });
}
