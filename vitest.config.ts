import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Tests that serve the production build (security, authorization matrix, scale-out) load it as Node does:
          // it is bundled already, and vitest's transform of it missed the worker's RPC deadline on a busy machine.
          server: { deps: { external: [/\/build\/server\//] } },
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          // PGlite is single-process and the Temporal worker is shared: run every integration file in one process.
          isolate: false,
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        // API fuzzing (docs/decisions/0043-api-fuzzing.md): a database of its own (the demo company, and what the
        // fuzzer writes stays out of the integration files' database), the same setup as the integration project.
        plugins: [tsconfigPaths()],
        test: {
          name: "fuzz",
          include: ["tests/fuzz/**/*.test.ts"],
          // The production build is bundled already: Node loads it as it is (vitest's transform of its 100k lines
          // took over a minute on a busy machine and missed the worker's RPC deadline).
          server: { deps: { external: [/\/build\/server\//] } },
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 600_000,
          hookTimeout: 180_000,
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
