/**
 * Issue 28: decision support's texts as keys (features/decision-support/messages.ts). In English each key reads as the
 * sentence the API gives (rules.ts: the stage's inactive rule, the metrics' labels and descriptions; therma-scan/rules.ts:
 * the flight risks), so the page and the API never say different things; every key has its Chinese.
 */
import { describe, expect, it } from "vitest";

import { CYCLE_STAGES } from "~/features/cycles/rules";
import { METRICS, METRIC_TYPES, inactiveRule } from "~/features/decision-support/rules";
import { FLIGHT_RISKS, FLIGHT_RISK_LABELS, THERMA_SCORE_MAX } from "~/features/decision-support/therma-scan/rules";
import { FLIGHT_RISK_KEYS, INACTIVE_RULE_KEYS, METRIC_KEYS, THERMA_SUMMARY_KEYS } from "~/features/decision-support/messages";
import { translator } from "../support/translator";

const t = translator("en");
const zh = translator("zh-CN");

describe("decision support's keys", () => {
  it("say each stage's inactive rule as the API does", () => {
    for (const stage of CYCLE_STAGES) {
      expect(t(INACTIVE_RULE_KEYS[stage]), stage).toBe(inactiveRule(stage));
      expect(zh(INACTIVE_RULE_KEYS[stage])).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("say each metric's label and description as the API's list does", () => {
    for (const metric of METRIC_TYPES) {
      expect(t(METRIC_KEYS[metric].label)).toBe(METRICS[metric].label);
      expect(t(METRIC_KEYS[metric].description)).toBe(METRICS[metric].description);
      expect(zh(METRIC_KEYS[metric].label)).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("say a stored scan as one sentence a flight risk, the values as data", () => {
    for (const risk of FLIGHT_RISKS) {
      expect(t(FLIGHT_RISK_KEYS[risk])).toBe(FLIGHT_RISK_LABELS[risk]);
      const values = { engagement: 4, wellbeing: 5, workload: 3, max: THERMA_SCORE_MAX };
      expect(t(THERMA_SUMMARY_KEYS[risk], values)).toBe(`Engagement 4 / 5 · Wellbeing 5 / 5 · Workload 3 / 5 · Flight risk ${FLIGHT_RISK_LABELS[risk]}`);
      expect(zh(THERMA_SUMMARY_KEYS[risk], values)).toContain(zh(FLIGHT_RISK_KEYS[risk]));
    }
  });
});
