import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { DEFAULT_READER, formatDate, formatDateTime, formatDay, formatNumber, sortByName, type Reader } from "~/platform/i18n/format";

/** The reader's language and time zone, provided by the root (docs/decisions/0077-language-and-time-zone-per-person.md). */
const ReaderContext = createContext<{ reader: Reader; setReader: (reader: Reader) => void }>({
  reader: DEFAULT_READER,
  setReader: () => {},
});

/** Holds the reader the server decided; a change of choice on the page (the settings screen) replaces it in place. */
export function ReaderProvider({ reader, children }: { reader: Reader; children: ReactNode }) {
  const [current, setCurrent] = useState<Reader>(reader);
  useEffect(
    () =>
      setCurrent((was) =>
        was.language === reader.language && was.timeZone === reader.timeZone ? was : { language: reader.language, timeZone: reader.timeZone },
      ),
    [reader.language, reader.timeZone],
  );
  const value = useMemo(() => ({ reader: current, setReader: setCurrent }), [current]);
  return <ReaderContext.Provider value={value}>{children}</ReaderContext.Provider>;
}

export function useReader(): Reader {
  return useContext(ReaderContext).reader;
}

/** Replaces the page's reader (language and zone) without reading any data again. */
export function useSetReader(): (reader: Reader) => void {
  return useContext(ReaderContext).setReader;
}

/** The platform formatters bound to the reader of the page. */
export function useFormat() {
  const reader = useReader();
  return useMemo(
    () => ({
      reader,
      date: (value: Date | string) => formatDate(value, reader),
      dateTime: (value: Date | string) => formatDateTime(value, reader),
      day: (value: Date | string) => formatDay(value, reader),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, reader, options),
      /** People in the reader's collation (sortByName). */
      byName: <T,>(list: readonly T[], name: (item: T) => string) => sortByName(list, reader.language, name),
    }),
    [reader],
  );
}
