/**
 * The insights CSV export's table (issue 29 §5, ADR 0115; app/features/insights/export/csv.ts): one line per figure ×
 * attribute × row × measure with the row's gap beside its measure, a hidden figure as one line saying why, the ratings'
 * distributions, the scope and the filters on every line; written by the app's CSV writer (formula cells neutralised).
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toCsv } from "~/platform/csv";
import { INSIGHTS_EXPORT_COLUMNS, filtersCell, insightsCsvRecords, insightsExportFileName } from "~/features/insights/export/csv";
import type { InsightFigure, InsightsJson } from "~/features/insights/insight-json";

const peer: InsightFigure = {
  figure: "peer_selection",
  attribute: { id: 7, name: "Gender" },
  measures: [
    { key: "requests", kind: "count" },
    { key: "accepted_rate", kind: "rate" },
  ],
  shown: true,
  total: { group: null, other: false, people: 17, values: { requests: 30, accepted_rate: 50 } },
  rows: [
    { group: "Woman", other: false, people: 6, values: { requests: 12, accepted_rate: 25 } },
    { group: "=HYPERLINK(\"http://x\")", other: false, people: 6, values: { requests: 10, accepted_rate: 70 } },
    { group: null, other: true, people: 5, values: { requests: 8, accepted_rate: null } },
  ],
  gaps: [
    {
      group: "Woman",
      other: false,
      measure: "accepted_rate",
      test: "fisher",
      p: 0.0123,
      significant: true,
      effect: -38.9,
      band: null,
      words: [{ key: "insights.gap.rateLower", values: { group: "Woman" } }],
    },
  ],
};

const ratings: InsightFigure = {
  figure: "ratings",
  attribute: { id: 9, name: "Location" },
  measures: [{ key: "mean_after", kind: "mean" }],
  shown: true,
  total: { group: null, other: false, people: 5, values: { mean_after: 3.2 }, distribution: { before: { "3": 5 }, after: { "4": 2, "2": 3 } } },
  rows: [],
  gaps: [],
};

const hidden: InsightFigure = { figure: "promotions", attribute: { id: 7, name: "Gender" }, measures: [], shown: false, suppressed_reason: "differencing", total: null, rows: [], gaps: [] };

const insights: InsightsJson = {
  scope: { kind: "session", session_id: 42, session_name: "Marketing", session_kind: "rating", cycle_id: 3 },
  privacy_floor: 5,
  population: 17,
  attributes: [
    { id: 7, name: "Gender", kind: "category" },
    { id: 8, name: "Department", kind: "category" },
    { id: 9, name: "Location", kind: "category" },
  ],
  filters: [
    { attribute_id: 8, value: "Eng" },
    { attribute_id: 9, value: null },
  ],
  figures: [peer, ratings, hidden],
};

type Line = Record<(typeof INSIGHTS_EXPORT_COLUMNS)[number], string>;
const lines = (): Line[] => parse(toCsv(insightsCsvRecords(insights, (gap) => `words of ${gap.group}`), { header: true, columns: INSIGHTS_EXPORT_COLUMNS }), { columns: true });

describe("the insights export's CSV", () => {
  it("writes one line per row and measure, the total as 'everyone', Other as 'other', the gap beside its measure", () => {
    const peerLines = lines().filter((l) => l.figure === "peer_selection");
    // 3 rows + the total, 2 measures each.
    expect(peerLines).toHaveLength(8);
    expect(peerLines.map((l) => `${l.row}:${l.group}:${l.measure}=${l.value}`)).toEqual([
      "group:Woman:requests=12",
      "group:Woman:accepted_rate=25",
      `group:'=HYPERLINK("http://x"):requests=10`,
      `group:'=HYPERLINK("http://x"):accepted_rate=70`,
      "other::requests=8",
      "other::accepted_rate=",
      "everyone::requests=30",
      "everyone::accepted_rate=50",
    ]);
    const gap = peerLines.find((l) => l.group === "Woman" && l.measure === "accepted_rate")!;
    expect(gap).toMatchObject({ gap_test: "fisher", gap_p_value: "0.0123", gap_significant: "true", gap_effect: "-38.9", gap_effect_band: "", gap_words: "words of Woman", people: "6", measure_kind: "rate" });
    expect(peerLines.filter((l) => l.gap_test !== "")).toHaveLength(1);
    expect(peerLines.every((l) => l.shown === "true" && l.attribute === "Gender" && l.attribute_id === "7")).toBe(true);
  });

  it("says the scope, the floor and the filters on every line", () => {
    for (const l of lines()) {
      expect(l).toMatchObject({ scope: "session", cycle_id: "3", session_id: "42", privacy_floor: "5", filters: "Department=Eng; Location=" });
    }
    expect(filtersCell({ filters: [], attributes: [] })).toBe("");
  });

  it("adds each rating's count before and after, in rating order", () => {
    expect(lines().filter((l) => l.figure === "ratings").map((l) => `${l.row}:${l.measure}=${l.value}`)).toEqual([
      "everyone:mean_after=3.2",
      "everyone:before_rating_3=5",
      "everyone:after_rating_2=3",
      "everyone:after_rating_4=2",
    ]);
  });

  it("writes a figure the floor hides as one line with the reason and no figure", () => {
    const hiddenLines = lines().filter((l) => l.figure === "promotions");
    expect(hiddenLines).toEqual([expect.objectContaining({ shown: "false", suppressed_reason: "differencing", row: "", people: "", measure: "", value: "" })]);
  });

  it("names the file after its scope and job", () => {
    expect(insightsExportFileName(insights.scope, 12)).toBe("insights-session-42-job-12.csv");
    expect(insightsExportFileName({ kind: "cycle", cycle_id: 3, cycle_name: "Q3" }, 12)).toBe("insights-cycle-3-job-12.csv");
  });
});
