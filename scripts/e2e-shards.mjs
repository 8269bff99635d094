// The browser suite's shards by measured duration (docs/decisions/0113): Playwright's --shard splits by the number of
// tests in file order, which left one shard twice as long as the other (1,448-1,710 s against 807-962 s). This
// splits the spec files by the seconds each took in an earlier full run (tests/e2e/durations.json), longest first onto
// the shard with the least so far; a spec not measured yet counts as the median. The same files always give the same
// shards.
//
//   node scripts/e2e-shards.mjs <shard> <shards>    prints the shard's files as Playwright filters, one a line
//   node scripts/e2e-shards.mjs --plan <shards>     prints each shard's files and estimated seconds
//   node scripts/e2e-shards.mjs --record <dir>      writes tests/e2e/durations.json from the Playwright JSON reports
//                                                   (e2e-*.json) of a full run in <dir> (.cache/test-results)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const specDir = path.join(root, "tests/e2e");
const durationsFile = path.join(specDir, "durations.json");

const specs = () => fs.readdirSync(specDir).filter((f) => f.endsWith(".spec.ts")).sort();

const readDurations = () => (fs.existsSync(durationsFile) ? JSON.parse(fs.readFileSync(durationsFile, "utf8")) : {});

export function plan(files, durations, shards) {
  const known = files.map((f) => durations[f]).filter((s) => typeof s === "number").sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weighted = files.map((file) => ({ file, seconds: typeof durations[file] === "number" ? durations[file] : median }));
  weighted.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const bins = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
  for (const spec of weighted) {
    const bin = bins.reduce((least, b) => (b.seconds < least.seconds ? b : least), bins[0]);
    bin.seconds += spec.seconds;
    bin.files.push(spec.file);
  }
  for (const bin of bins) bin.files.sort();
  return bins;
}

/** Seconds per spec file, summed over its tests' results (hooks included), from Playwright's JSON reports. */
function record(dir) {
  const seconds = {};
  const walk = (suite, file) => {
    const here = suite.file ? path.basename(suite.file) : file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) seconds[here] = (seconds[here] ?? 0) + result.duration / 1000;
    for (const child of suite.suites ?? []) walk(child, here);
  };
  const reports = fs.readdirSync(dir).filter((f) => /^e2e-\d+\.json$/.test(f));
  if (!reports.length) throw new Error(`no e2e-N.json report in ${dir}`);
  for (const report of reports) for (const suite of JSON.parse(fs.readFileSync(path.join(dir, report), "utf8")).suites ?? []) walk(suite, undefined);
  const sorted = Object.fromEntries(Object.keys(seconds).sort().map((f) => [f, Math.round(seconds[f])]));
  fs.writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`recorded ${Object.keys(sorted).length} spec files, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0))} s in all`);
}

const [first, second] = process.argv.slice(2);
if (first === "--record") record(path.resolve(second ?? ".cache/test-results"));
else if (first === "--plan") {
  plan(specs(), readDurations(), Number(second ?? 2)).forEach((bin, i) => console.log(`shard ${i + 1}: ${Math.round(bin.seconds)} s, ${bin.files.length} files\n  ${bin.files.join("\n  ")}`));
} else {
  const shard = Number(first);
  const shards = Number(second);
  if (!Number.isInteger(shard) || !Number.isInteger(shards) || shard < 1 || shard > shards) {
    console.error("usage: node scripts/e2e-shards.mjs <shard> <shards> | --plan <shards> | --record <dir>");
    process.exit(2);
  }
  // Playwright reads each argument as a regular expression over the file's absolute path: anchored on the name.
  for (const file of plan(specs(), readDurations(), shards)[shard - 1].files) console.log(`/${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}
