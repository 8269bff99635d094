import { stringify } from "csv-stringify/sync";
import { neutraliseCsvCell } from "~/platform/csv-cells";

/**
 * The app's one CSV writer (downloads, job outputs, templates): csv-stringify with every text cell neutralised
 * against formula injection (app/platform/csv-cells.ts; ADR 0041). Numbers are written as numbers.
 */
export function toCsv(
  records: unknown[][] | Array<Record<string, unknown>>,
  opts: { columns?: readonly string[]; header?: boolean; recordDelimiter?: "unix" | "windows" } = {},
): string {
  return stringify(records, {
    header: opts.header ?? false,
    columns: opts.columns ? [...opts.columns] : undefined,
    record_delimiter: opts.recordDelimiter ?? "unix",
    cast: { string: neutraliseCsvCell },
  });
}

/**
 * Every CSV download starts with the UTF-8 byte order mark, so that spreadsheet programs (Excel) read names and text in
 * any script as UTF-8 (issue 28; ADR 0069). Our own CSV readers skip it.
 */
export const CSV_BOM = "\uFEFF";
const BOM_BYTES = new Uint8Array([0xef, 0xbb, 0xbf]);

/** Whether a file of this content type is a CSV download (and gets the BOM). */
export const isCsvType = (contentType: string) => /^text\/csv\b/i.test(contentType);

/** `body` with the BOM in front (a streamed download; its length grows by 3 bytes). */
export function withCsvBom(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(BOM_BYTES);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** A CSV download: the BOM, then `body`; named `fileName` (ASCII fallback and the UTF-8 name), never cached. */
export function csvDownload(body: string | ReadableStream<Uint8Array>, fileName: string): Response {
  const ascii = fileName.replace(/[^\w.-]/g, "_");
  return new Response(typeof body === "string" ? CSV_BOM + body : withCsvBom(body), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": ascii === fileName ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
