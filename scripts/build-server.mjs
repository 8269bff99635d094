// `npm run build`, second step: server/main.ts (with server/index.ts) compiled to build/app-server.mjs, so that the
// web process runs on plain node (no TypeScript loader in it). Packages stay external; the app itself is loaded
// from build/server/index.js at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/app-server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Packages stay external (imports that are neither relative nor the app's "~/" alias of tsconfig.json).
  plugins: [{ name: "packages-external", setup: (b) => b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })) }],
  logLevel: "warning",
});
console.log("build/app-server.mjs");
