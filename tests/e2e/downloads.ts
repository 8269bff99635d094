import fs from "node:fs";
import { expect, type Download } from "@playwright/test";

/** A CSV download's text: it must start with the UTF-8 byte order mark (issue 28), which is then left out. */
export async function csvText(download: Download): Promise<string> {
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)], "a CSV download starts with the UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8");
}
