/**
 * The import rules of docs/decisions/0025-one-folder-per-feature.md, checked by the "architecture" step of
 * scripts/test.sh: `npx depcruise app workflows worker server scripts bench --config .dependency-cruiser.cjs`.
 * Type-only imports count (tsPreCompilationDeps): "not even for a type" is part of the rules.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circle anywhere (type-only imports included).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-imports-no-feature",
      comment: "app/platform holds what every feature uses and none owns: it imports no feature and no route.",
      severity: "error",
      from: { path: "^app/platform/" },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "nothing-imports-a-route",
      comment: "Arrows run routes -> features -> platform.",
      severity: "error",
      from: { path: "^(app/(features|platform)|workflows|worker|server)/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "component-imports-no-server-module",
      comment: "A component never imports a *.server.ts module, not even for a type: shared types live in the feature's pure files.",
      severity: "error",
      from: { path: "^app/(features|platform)/.+\\.tsx$" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "server-code-imports-no-component",
      comment: "Server modules do not depend on components (a type they share belongs in the feature's pure files).",
      severity: "error",
      from: { path: "\\.server\\.ts$" },
      to: { path: "\\.tsx$" },
    },
    {
      name: "no-cross-feature-page-helpers",
      comment: "A feature's pages.server.ts serves its own routes; another feature uses its services instead.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/[^/]+/.*pages[.]server[.]ts$", pathNot: "^app/features/$1/" },
    },
    {
      name: "workflows-import-only-rules-and-contracts",
      comment: "Workflow code is deterministic: it imports pure rules (features/*/rules.ts, platform/actor.ts) and workflow contracts only.",
      severity: "error",
      from: { path: "^workflows/" },
      to: {
        path: "^(app|worker|server|scripts)/",
        pathNot: ["^app/features/[^/]+/rules\\.ts$", "^app/platform/actor\\.ts$"],
      },
    },
    {
      name: "workflows-import-no-node-module",
      comment: "No Node built-ins in workflow code.",
      severity: "error",
      from: { path: "^workflows/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "app-imports-only-workflow-contracts",
      comment: "Services start workflows by their contract's name and types, never by importing the workflow's code.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^workflows/", pathNot: "-contract\\.ts$" },
    },
    {
      name: "app-imports-no-worker",
      comment: "The worker composes features; features never import the worker's activities.",
      severity: "error",
      from: { path: "^(app|workflows)/" },
      to: { path: "^worker/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.cache|\\.tools|\\.data)/|^app/generated/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
