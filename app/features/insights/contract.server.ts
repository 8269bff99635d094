import { z } from "zod";
import { registerRoute } from "~/platform/openapi/registry.server";
import { DEFAULT_PRIVACY_FLOOR, MINIMUM_PRIVACY_FLOOR } from "~/features/insights/privacy-floor";

/** Contracts of the fairness insights' API (issue 29, ADR 0103): the company's privacy floor. */

/** The largest floor accepted: a company larger than this needs no higher floor, and it keeps the number in range. */
export const MAXIMUM_PRIVACY_FLOOR = 1000;

export const InsightsSettingsResponse = z.object({
  privacy_floor: z.number().int().describe("Groups with fewer people than this are not shown on their own in any insight, filter or CSV"),
  default_privacy_floor: z.literal(DEFAULT_PRIVACY_FLOOR),
  minimum_privacy_floor: z.literal(MINIMUM_PRIVACY_FLOOR),
});

export const InsightsSettingsBody = z
  .object({
    privacy_floor: z
      .number()
      .int()
      .min(MINIMUM_PRIVACY_FLOOR)
      .max(MAXIMUM_PRIVACY_FLOOR)
      .describe(`The privacy floor: a whole number from ${MINIMUM_PRIVACY_FLOOR} to ${MAXIMUM_PRIVACY_FLOOR} (default ${DEFAULT_PRIVACY_FLOOR})`),
  })
  .strict();

registerRoute({
  method: "get",
  path: "/api/v1/admin/insights_settings",
  summary: "The fairness insights' privacy floor (super admin)",
  tags: ["insights"],
  responses: { 200: InsightsSettingsResponse },
});
registerRoute({
  method: "put",
  path: "/api/v1/admin/insights_settings",
  summary: "Change the fairness insights' privacy floor, never below 3 (super admin; audited)",
  tags: ["insights"],
  request: { body: InsightsSettingsBody },
  responses: { 200: InsightsSettingsResponse },
});
