import { useFormat } from "~/platform/i18n/reader-context";

/**
 * An instant for the reader: a `<time>` element with the UTC instant in `dateTime` and, as its text, the date and
 * time in the reader's language and zone with the zone named (ADR 0077); "—" for none.
 */
export function Time({ value, testId }: { value: string | Date | null | undefined; testId?: string }) {
  const format = useFormat();
  if (!value) return <>—</>;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <time dateTime={date.toISOString()} data-testid={testId}>
      {format.dateTime(date)}
    </time>
  );
}
