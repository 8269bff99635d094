import { LANGUAGES, SUPPORTED_LANGUAGES } from "~/platform/i18n/i18n";
import { PSEUDO_LANGUAGE } from "~/platform/i18n/pseudo";

/**
 * Whose language and time zone a page is in (docs/decisions/0077-language-and-time-zone-per-person.md). Pure: used by
 * the server (request-preferences.server.ts) and the browser (the settings screen, the browser's zone).
 */

/** The codes a person can choose (not the test pseudo-language). */
export const CHOOSABLE_LANGUAGES: readonly string[] = LANGUAGES.map((l) => l.code);

/** The cookie in which the browser tells the server its own time zone (set by the root; read for people without a choice). */
export const BROWSER_TIME_ZONE_COOKIE = "pmr_tz";

const SIMPLIFIED_CHINESE = /^zh(-hans)?(-(cn|sg|my))?$|^zh-hans-[a-z]{2}$/;
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)(-|$)/;

type Range = { tag: string; q: number; order: number };

function ranges(header: string): Range[] {
  const out: Range[] = [];
  header.split(",").forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = (rawTag ?? "").trim().toLowerCase();
    if (!tag || tag === "*" || !/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > 0) out.push({ tag, q, order });
  });
  return out.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The supported language a tag stands for exactly (zh, zh-Hans, zh-CN → zh-CN; en-US → en), or null. */
function exact(tag: string): string | null {
  const same = SUPPORTED_LANGUAGES.find((l) => l.toLowerCase() === tag);
  if (same) return same;
  if (SIMPLIFIED_CHINESE.test(tag)) return "zh-CN";
  const primary = tag.split("-")[0];
  if (primary === "en" && tag !== PSEUDO_LANGUAGE.toLowerCase()) return "en";
  return null;
}

/**
 * The best supported language for an Accept-Language header (q-values honoured, ties in the header's order), or null
 * when none fits. A Traditional Chinese reader (zh-TW, zh-Hant…) gets Simplified Chinese only when nothing else they
 * accept is supported: closer to them than English, but a language they listed later comes first.
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  const list = ranges(acceptLanguage);
  for (const r of list) {
    const hit = exact(r.tag);
    if (hit) return hit;
  }
  return list.some((r) => TRADITIONAL_CHINESE.test(r.tag)) ? "zh-CN" : null;
}

/** Whether `code` is a language a person can choose. */
export function isChoosableLanguage(code: string): boolean {
  return CHOOSABLE_LANGUAGES.includes(code);
}

/** Whether `zone` is an IANA time zone this runtime knows (e.g. "Asia/Shanghai", "UTC"); offsets and abbreviations are not. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a valid zone ("asia/shanghai" → "Asia/Shanghai"), or null when it is not one. */
export function canonicalTimeZone(zone: string): string | null {
  if (!isTimeZone(zone)) return null;
  return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone ?? zone;
}

/** The IANA time zones to choose from, with UTC first (the runtime's list; it names UTC "UTC" or not at all). */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((z) => z !== "UTC")];
}

export type ReaderChoice = { locale: string | null; timeZone: string | null };

/**
 * The language of a page: `?lng=` (tests, the pseudo-language), else the person's own choice, else the directory's
 * preferredLanguage (SCIM; an Accept-Language value) when it names a supported language, else the browser's
 * Accept-Language, else en (ADR 0077, 0096).
 */
export function resolveLanguage(input: { searchLanguage?: string | null; chosen?: string | null; directory?: string | null; acceptLanguage?: string | null }): string {
  if (input.searchLanguage && SUPPORTED_LANGUAGES.includes(input.searchLanguage)) return input.searchLanguage;
  if (input.chosen && isChoosableLanguage(input.chosen)) return input.chosen;
  return negotiateLanguage(input.directory) ?? negotiateLanguage(input.acceptLanguage) ?? "en";
}

/**
 * The time zone of a page: the person's own choice, else the directory's (SCIM timezone), else the browser's (its
 * cookie), else the company's default (ADR 0077, 0096).
 */
export function resolveTimeZone(input: { chosen?: string | null; directory?: string | null; browser?: string | null; companyDefault: string }): string {
  if (input.chosen && isTimeZone(input.chosen)) return input.chosen;
  if (input.directory && isTimeZone(input.directory)) return input.directory;
  if (input.browser && isTimeZone(input.browser)) return input.browser;
  return input.companyDefault;
}

/**
 * Whether `value` is a SCIM preferredLanguage (RFC 7643 §4.1.1: the format of an Accept-Language header, RFC 7231
 * §5.3.5): one or more BCP 47 language tags, each well-formed for Intl, with optional q-values ("zh-CN", "en-US",
 * "zh-CN, en;q=0.8"). "*" and underscores ("en_US") are not tags.
 */
export function isPreferredLanguage(value: string): boolean {
  if (!value || value.length > 256) return false;
  const parts = value.split(",");
  for (const part of parts) {
    const [tag, ...params] = part.trim().split(";");
    const t = (tag ?? "").trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(t)) return false;
    try {
      if (Intl.getCanonicalLocales(t).length !== 1) return false;
    } catch {
      return false;
    }
    for (const p of params) if (!/^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i.test(p)) return false;
  }
  return true;
}
