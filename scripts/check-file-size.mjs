#!/usr/bin/env node
// Architecture rule (docs/decisions/0025-one-folder-per-feature.md): no source file over 400 lines.
// Generated Prisma code and tests are exempt. Exits 1 and lists the files that are over.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX_LINES = 400;
const ROOTS = ["app", "workflows", "worker", "server", "scripts", "bench", "prisma"];
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...ROOTS], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.includes("/generated/"));

const over = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // deleted in the working tree
  }
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_LINES) over.push(`${file}: ${lines} lines`);
}
if (over.length > 0) {
  console.error(`Files over ${MAX_LINES} lines (split them along their seams, ADR 0025):\n  ${over.join("\n  ")}`);
  process.exit(1);
}
console.log(`file size: ${files.length} source files, none over ${MAX_LINES} lines`);
