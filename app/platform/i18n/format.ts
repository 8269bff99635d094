/**
 * Dates, times and numbers for the reader (docs/decisions/0077-language-and-time-zone-per-person.md): formatted by
 * Intl in the reader's language, instants in the reader's time zone with the zone named. Stored times stay UTC; a
 * calendar day (a cycle's start date, 'YYYY-MM-DD') is a day everywhere and is never shifted by a zone.
 */
export type Reader = { language: string; timeZone: string };

export const DEFAULT_READER: Reader = { language: "en", timeZone: "UTC" };

/** Intl's locale for a language (the pseudo-language formats as English). */
function intlLocale(language: string): string {
  return language === "en-XA" ? "en" : language;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.Collator>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.Collator>(key: string, make: () => T): T {
  let hit = cache.get(key) as T | undefined;
  if (!hit) {
    hit = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}

function instant(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant's date in the reader's zone, e.g. "29 Nov 2026" / "2026年11月29日". */
export function formatDate(value: Date | string, reader: Reader): string {
  const date = instant(value);
  if (!date) return "—";
  return cached(`d|${reader.language}|${reader.timeZone}`, () =>
    new Intl.DateTimeFormat(intlLocale(reader.language), { dateStyle: "medium", timeZone: reader.timeZone }),
  ).format(date);
}

/** An instant's date and time in the reader's zone with the zone named, e.g. "29 Nov 2026, 17:30 GMT+8". */
export function formatDateTime(value: Date | string, reader: Reader): string {
  const date = instant(value);
  if (!date) return "—";
  return cached(`dt|${reader.language}|${reader.timeZone}`, () =>
    new Intl.DateTimeFormat(intlLocale(reader.language), {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: reader.timeZone,
      timeZoneName: "short",
    }),
  ).format(date);
}

/** A calendar day ('YYYY-MM-DD' or a date at UTC midnight) in the reader's language, never shifted by a zone. */
export function formatDay(value: Date | string, reader: Pick<Reader, "language">): string {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : instant(value);
  if (!date) return "—";
  return cached(`day|${reader.language}`, () =>
    new Intl.DateTimeFormat(intlLocale(reader.language), { dateStyle: "medium", timeZone: "UTC" }),
  ).format(date);
}

/** A number in the reader's language (grouping, decimal sign), e.g. 12,345.6 / 12,345.6 / 12.345,6. */
export function formatNumber(value: number, reader: Pick<Reader, "language">, options: Intl.NumberFormatOptions = {}): string {
  const key = `n|${reader.language}|${JSON.stringify(options)}`;
  return cached(key, () => new Intl.NumberFormat(intlLocale(reader.language), options)).format(value);
}

/** A comparer of people's names in the reader's language's collation (Intl.Collator), for sorting lists in JS. */
export function nameCollator(language: string): (a: string, b: string) => number {
  const collator = cached(`collator|${language}`, () => new Intl.Collator(intlLocale(language), { sensitivity: "base", numeric: true }));
  return (a, b) => collator.compare(a, b);
}

/**
 * A copy of `list` ordered by people's names in the reader's language (pinyin for zh-CN), stable: items whose names
 * collate the same keep the order they came in (the server's tie-break, e.g. by email).
 */
export function sortByName<T>(list: readonly T[], language: string, name: (item: T) => string): T[] {
  const compare = nameCollator(language);
  return list
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(name(a.item), name(b.item)) || a.index - b.index)
    .map(({ item }) => item);
}
