import { describe, expect, it } from "vitest";
import { csvDownload, isCsvType, withCsvBom } from "~/platform/csv";

/** Issue 28: CSV downloads are UTF-8 with a byte order mark, so spreadsheet programs read every script right. */
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("CSV downloads", () => {
  it("start with the BOM, keep the text's bytes, and name the file in UTF-8 too", async () => {
    const res = csvDownload("name\n张伟,Łukasz Żółć\n", "参与者 2026.csv");
    const bytes = await bytesOf(res);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(bytes.subarray(3)).toString("utf8")).toBe("name\n张伟,Łukasz Żółć\n");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="____2026.csv"; filename*=UTF-8''${encodeURIComponent("参与者 2026.csv")}`);
    expect(csvDownload("a\n", "plain.csv").headers.get("Content-Disposition")).toBe('attachment; filename="plain.csv"');
  });

  it("put the BOM in front of a streamed body, chunk by chunk", async () => {
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode("a,b\n"));
        c.enqueue(enc.encode("Ελλάδα,😀\n"));
        c.close();
      },
    });
    const bytes = await bytesOf(new Response(withCsvBom(body)));
    expect(Buffer.from(bytes).toString("utf8")).toBe("\uFEFFa,b\nΕλλάδα,😀\n");
    expect(isCsvType("text/csv; charset=utf-8")).toBe(true);
    expect(isCsvType("application/zip")).toBe(false);
  });
});
