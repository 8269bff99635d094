/**
 * The translations' completeness check (ADR 0076), run by the test suite: `npm run -s i18n:check`.
 * Fails on a key another language lacks or has beyond English, a translation whose {{placeholders}} differ from
 * English, an English key no code uses (the key must appear whole, as a string literal, under app/ or worker/: the worker's
 * activities store texts with their keys, ADR 0096), and a translation that is still English: no letter of its
 * script (for zh-CN: no Han character) beside a Latin word of three letters or more, outside {{placeholders}} — but for
 * the keys of LATIN_ONLY, whose text is a name or an acronym in every language.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import en from "../app/platform/i18n/locales/en";
import zhCN from "../app/platform/i18n/locales/zh-CN";

type Tree = { [key: string]: string | Tree };
const LANGUAGES: Record<string, Tree> = { "zh-CN": zhCN as Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Each language's own script: a translation without one of its letters is still English (unless LATIN_ONLY). */
const SCRIPT: Record<string, RegExp> = { "zh-CN": /\p{Script=Han}/u };
/** Texts that are the same in every language: product and protocol names, acronyms, titles made of a name. */
const LATIN_ONLY: Record<string, string[]> = {
  "zh-CN": [
    "users.page.scim",
    "titles.user",
    "audit.sources.api",
    "audit.sources.scim",
    "nudges.schedule.cron",
    "calibrationSetup.titles.edit",
    "calibrationSetup.titles.adminEdit",
    "promotionsMeeting.titles.session",
    "promotionsHr.titles.session",
    "calibrationMeeting.title.session",
    "cyclesAdmin.titles.cycle",
    "questionnaires.builder.json",
    "decisionSupport.therma.title",
  ],
};

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort().join(",");

const problems: string[] = [];
const english = flatten(en as Tree);
for (const [language, tree] of Object.entries(LANGUAGES)) {
  const strings = flatten(tree);
  for (const [key, text] of english) {
    const translated = strings.get(key);
    if (translated === undefined) {
      if (!/_one$/.test(key)) problems.push(`${language}: missing ${key}`);
      continue;
    }
    if (placeholders(translated) !== placeholders(text)) problems.push(`${language}: ${key} has other placeholders than English`);
    if (translated.trim() === "") problems.push(`${language}: ${key} is empty`);
    const words = translated.replace(/\{\{[^}]*\}\}/g, " ");
    const script = SCRIPT[language];
    if (script && !script.test(words) && /[A-Za-z]{3,}/.test(words) && !LATIN_ONLY[language]?.includes(key)) {
      problems.push(`${language}: ${key} is still English (${JSON.stringify(translated)})`);
    }
  }
  for (const key of strings.keys()) if (!english.has(key)) problems.push(`${language}: ${key} is not an English key`);
  for (const key of LATIN_ONLY[language] ?? []) if (!strings.has(key)) problems.push(`${language}: LATIN_ONLY lists ${key}, which is not a key`);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.includes(join("platform", "i18n", "locales")) || name === "generated" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}
const code = [...sources("app"), ...sources("worker")].map((path) => readFileSync(path, "utf8")).join("\n");
const used = new Set<string>();
for (const match of code.matchAll(/["'`]([A-Za-z][\w-]*(?:\.[\w-]+)+)["'`]/g)) used.add(match[1]!);
for (const key of english.keys()) {
  const base = key.replace(PLURAL, "");
  if (!used.has(base) && !used.has(key)) problems.push(`en: ${key} is not used under app/ or worker/`);
}

if (problems.length > 0) {
  console.error(`i18n check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`i18n check: ${english.size} keys, ${Object.keys(LANGUAGES).join(", ")} complete, every key used (app/, worker/)`);
