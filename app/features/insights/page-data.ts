import type { InsightsJson } from "~/features/insights/insight-json";

/**
 * What the insight pages' loaders send (issue 29 §2, ADR 0112; PURE, types only): the service's answer as it is, the
 * attribute the figures are broken down by (`?by=`), and for a cycle page the cycles the reader may pick.
 */
export type InsightsPageData = {
  insights: InsightsJson;
  /** The attribute of the figures shown (the `by` query parameter, else the first attribute). */
  by: number | null;
  /** The cycles the reader may open (cycle page: the picker); empty on a session page. */
  cycles: Array<{ id: number; name: string }>;
};
