import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useState, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { CacheProvider } from "@emotion/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createEmotionCache } from "~/platform/theme/emotion-cache";
import { ClientStyleContext } from "~/platform/theme/client-style-context";
import { themeWithNonce } from "~/platform/theme/theme";
import { LocalizedThemeProvider } from "~/platform/theme/localized-theme";
import i18nConfig from "~/platform/i18n/i18n";
import { switchLanguage } from "~/platform/i18n/load-language";
import { NonceProvider, nonceOfPage } from "~/platform/security/nonce";

// The page's Content-Security-Policy nonce (ADR 0041): on the <style> tags emotion and the data grids add in the
// browser, and given to the root as on the server (notistack's, made earlier, get it from the root's NonceGlobal).
const nonce = nonceOfPage(document);
const theme = themeWithNonce(nonce);

function ClientCacheProvider({ children }: { children: ReactNode }) {
  const [cache, setCache] = useState(createEmotionCache(nonce));
  return (
    <ClientStyleContext.Provider value={{ reset: () => setCache(createEmotionCache(nonce)) }}>
      <CacheProvider value={cache}>{children}</CacheProvider>
    </ClientStyleContext.Provider>
  );
}

async function hydrate() {
  // The page's language is the server's choice (<html lang>); its strings load before hydration so both render alike.
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: "en" });
  await switchLanguage(i18next, document.documentElement.lang || "en");
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider value={nonce}>
          <I18nextProvider i18n={i18next}>
            <ClientCacheProvider>
              <LocalizedThemeProvider theme={theme}>
                <RemixBrowser />
              </LocalizedThemeProvider>
            </ClientCacheProvider>
          </I18nextProvider>
        </NonceProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
