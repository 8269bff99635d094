// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true } }
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The root (app/root.tsx) with its real loader, rendered in a DOM (ADR 0035): without GA_GTAG_ID in the environment
 * no gtag script is loaded and nothing is queued or sent; with it, gtag is loaded with the real user's id. The
 * browser suite runs with GA_GTAG_ID set (tests/e2e/analytics.spec.ts), so the "unset" case is proven here.
 */

type Gtag = { dataLayer?: ArrayLike<unknown>[]; gtag?: unknown };

const GTAG = 'script[src^="https://www.googletagmanager.com/gtag/js"]';
let root: Root | null = null;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18next.use(initReactI18next).init({ lng: "en", resources: {} });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.head.querySelectorAll(GTAG).forEach((s) => s.remove());
  delete (window as Gtag).dataLayer;
  delete (window as Gtag).gtag;
  vi.unstubAllEnvs();
});

/** The root module read fresh under this environment (env.server.ts caches the settings per module load). */
async function renderRoot(gaId: string | undefined) {
  vi.resetModules();
  vi.stubEnv("GA_GTAG_ID", gaId);
  vi.stubEnv("APP_ENV", "test");
  const rootModule = await import("~/root");
  // A signed-in super admin viewing the product as user 5: the /app layout's data (features/shell/pages.server.ts).
  const shell = { user: { id: 5, role: "EMPLOYEE" }, realUser: { id: 1 } };
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: rootModule.loader,
      Component: rootModule.default,
      children: [
        {
          id: "routes/app",
          path: "app",
          loader: () => shell,
          children: [{ path: "home", Component: () => createElement("button", { "data-testid": "page" }, "A page") }],
        },
      ],
    },
  ]);
  // The component reads the address from the window, as in a browser.
  window.history.replaceState(null, "", "/app/home?cycle_id=7");
  const container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root!.render(createElement(Stub, { initialEntries: ["/app/home?cycle_id=7"] })));
  await vi.waitFor(() => expect(container.querySelector('[data-testid="page"]')).not.toBeNull());
  await act(async () => (container.querySelector('[data-testid="page"]') as HTMLButtonElement).click());
}

function queued(): unknown[][] {
  return Array.from((window as Gtag).dataLayer ?? [], (args) => Array.from(args));
}

// The first render loads the root module and its imports (MUI, i18n): a few seconds on a busy machine.
describe("the root and analytics (ADR 0035)", { timeout: 30_000 }, () => {
  it("loads nothing and sends nothing without GA_GTAG_ID", async () => {
    await renderRoot(undefined);
    expect(document.querySelector(GTAG)).toBeNull();
    expect((window as Gtag).gtag).toBeUndefined();
    expect((window as Gtag).dataLayer).toBeUndefined();
  });

  it("loads gtag with GA_GTAG_ID, with the real user's id, a Viewed and a Clicked event", async () => {
    await renderRoot("G-UNIT");
    expect(document.querySelector(GTAG)?.getAttribute("src")).toBe("https://www.googletagmanager.com/gtag/js?id=G-UNIT");
    expect(typeof (window as Gtag).gtag).toBe("function");
    const entries = queued();
    expect(entries.find((e) => e[0] === "config")?.[2]).toMatchObject({ user_id: "1", send_page_view: false });
    expect(entries.filter((e) => e[0] === "event").map((e) => [e[1], e[2]])).toEqual([
      ["Viewed", { category: "home", action: "page", label: "/app/home", cycleId: 7, viewerType: "self (spoofing)" }],
      ["Clicked", { category: "home", action: "button", label: "page", cycleId: 7, viewerType: "self (spoofing)" }],
    ]);
  });
});
