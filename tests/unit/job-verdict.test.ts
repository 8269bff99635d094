/** The row jobs' closing messages (runner.server.ts rowJobVerdict): counts of one take the singular (issue 26 §6). */
import { describe, expect, it } from "vitest";
import { rowJobVerdict } from "~/features/jobs/runner.server";

const verdict = (totalRows: number, succeededRows: number, failedRows: number, errorMode = "VALID_ONLY") =>
  rowJobVerdict({ totalRows, succeededRows, failedRows, errorMode });

describe("row job messages", () => {
  it("say '1 row with errors was skipped', never '1 rows'", () => {
    expect(verdict(2, 1, 1)).toEqual({ status: "SUCCEEDED", message: "1 of 2 rows committed; 1 row with errors was skipped" });
    expect(verdict(8, 2, 6).message).toBe("2 of 8 rows committed; 6 rows with errors were skipped");
  });

  it("count a one-row file in the singular", () => {
    expect(verdict(1, 1, 0).message).toBe("1 of 1 row committed");
    expect(verdict(1, 0, 1, "ALL_OR_NOTHING")).toEqual({ status: "FAILED", message: "1 of 1 row has errors; nothing was committed" });
    expect(verdict(3, 3, 0).message).toBe("3 of 3 rows committed");
    expect(verdict(8, 0, 6, "ALL_OR_NOTHING").message).toBe("6 of 8 rows have errors; nothing was committed");
    expect(verdict(0, 0, 0).message).toBe("The file has no rows");
  });
});
