import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { neutraliseCsvCell, restoreCsvCell } from "~/platform/csv-cells";
import { toCsv } from "~/platform/csv";
import { questionnaireToCsvRows, QUESTIONNAIRE_CSV_COLUMNS, rowFromCells } from "~/features/questionnaires/csv";

describe("CSV formula neutralisation (ADR 0041)", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ['=HYPERLINK("http://evil.example.com","x")', `'=HYPERLINK("http://evil.example.com","x")`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["＝1+2", "'＝1+2"],
    ["＠SUM(1)", "'＠SUM(1)"],
  ])("writes %j as %j", (cell, written) => {
    expect(neutraliseCsvCell(cell)).toBe(written);
    expect(restoreCsvCell(written)).toBe(cell);
  });

  it.each(["", "Ada Admin", "ada@example.com", "a=b", "1+1", "-3", "+1.5", "-0.25e3", ".5", "'quoted already", "' plain"])("leaves %j as it is", (cell) => {
    expect(neutraliseCsvCell(cell)).toBe(cell);
    expect(restoreCsvCell(cell)).toBe(cell);
  });

  it("the shared writer neutralises every text cell and keeps numbers and the CSV quoting", () => {
    const csv = toCsv(
      [
        ["=1+2", -3, "x,y", '@"q"'],
        ["-", 0, "plain", "+"],
      ],
      { header: true, columns: ["a", "b", "c", "d"] },
    );
    const rows = parse(csv) as string[][];
    expect(rows).toEqual([
      ["a", "b", "c", "d"],
      ["'=1+2", "-3", "x,y", `'@"q"`],
      ["'-", "0", "plain", "'+"],
    ]);
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d)/);
  });

  it("the questionnaire template round-trips a label that starts like a formula", () => {
    const questionnaire = {
      SELF: [{ id: "q1", kind: "text" as const, label: "=IMPORTXML(x)", help: "-- say more", required: true }],
    };
    const csv = toCsv(questionnaireToCsvRows(questionnaire as never), { header: true, columns: QUESTIONNAIRE_CSV_COLUMNS });
    expect(csv).toContain("'=IMPORTXML(x)");
    const [header, first] = parse(csv) as string[][];
    const row = rowFromCells(header!, first!);
    expect(row.label).toBe("=IMPORTXML(x)");
    expect(row.help).toBe("-- say more");
  });
});

describe("one CSV writer", () => {
  it("no module but app/platform/csv.ts writes CSV with csv-stringify (every download goes through the neutralisation)", () => {
    const root = path.resolve(__dirname, "../../app");
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated") walk(full);
        } else if (/\.tsx?$/.test(entry.name) && /from "csv-stringify/.test(fs.readFileSync(full, "utf8"))) {
          writers.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(writers).toEqual(["platform/csv.ts"]);
  });
});
