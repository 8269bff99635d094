// Remix 2 runs as a Vite plugin: this file takes the place of remix.config.js
// (see docs/decisions/0001-vite-instead-of-remix-config.md).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { compactServerBundle, prismaWasmFromFile } from "./scripts/lib/server-build-memory";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: Number(process.env.PORT ?? 3000), host: "127.0.0.1" },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/*.test.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // The whole route manifest ships with the page (ADR 0024): lazy discovery patches the routes while
        // the page is in use, and that router update can strand a closing MUI dialog, invisible, over the page.
        v3_lazyRouteDiscovery: false,
      },
    }),
    tsconfigPaths(),
    // The server bundle held smaller by the web process (ADR 0106).
    compactServerBundle(),
    prismaWasmFromFile(),
  ],
  ssr: {
    // MUI's CommonJS builds misbehave when externalised under Vite SSR.
    noExternal: [/^@mui\//],
  },
});
