/**
 * Bundles workflows/ once into a file a worker can load (TEMPORAL_WORKFLOW_BUNDLE; worker/worker.ts
 * workflowSource), as Temporal's production sample does: workers then start without bundling.
 * Usage: npx tsx scripts/bundle-workflows.ts <output file>
 */
import { bundleWorkflowCodeTo } from "./workflow-bundle";

const out = process.argv[2];
if (!out) {
  console.error("usage: npx tsx scripts/bundle-workflows.ts <output file>");
  process.exit(2);
}
await bundleWorkflowCodeTo(out);
console.log(`workflow bundle written to ${out}`);
