import { z } from "zod";
import { registerRoute } from "~/platform/openapi/registry.server";
import { idCoerced, idNumber, NOT_BLANK } from "~/platform/input";
import { DEFAULT_PRIVACY_FLOOR, MINIMUM_PRIVACY_FLOOR } from "~/features/insights/privacy-floor";
import { ATTRIBUTE_VALUE_MAX_LENGTH } from "~/features/insights/attribute-value-rules";
// A person's attribute values (GET/PUT /api/v1/admin/users/{id}/attributes) register with the insights' contract.
import "~/features/insights/attribute-values-contract.server";

/** Contracts of the fairness insights' API (issue 29, ADR 0103, 0111): the company's privacy floor, the people attributes, the insights. */

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

// ——— People attributes ———

export const ATTRIBUTE_NAME_MAX_LENGTH = 100;
const attributeName = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(ATTRIBUTE_NAME_MAX_LENGTH, `At most ${ATTRIBUTE_NAME_MAX_LENGTH} characters`)
  .meta({ pattern: NOT_BLANK.source })
  .describe(`The attribute's name, 1-${ATTRIBUTE_NAME_MAX_LENGTH} characters, unique whatever its case`);
const attributeVisibility = z.enum(["hr", "super_admins"]).describe("Who may see its values: hr (super admins and HR partners for their people) or super_admins only");

export const AttributeSchema = z.object({
  id: idNumber,
  key: z.string().nullable().describe("A built-in attribute's key (gender, start_date, level, location, department, employment_type); null for a custom one"),
  name: z.string(),
  kind: z.enum(["category", "date", "number"]).describe("category: values as they are; date and number: broken down in bands"),
  visibility: attributeVisibility,
  built_in: z.boolean().describe("Built-in attributes can be renamed and narrowed to super admins, not deleted"),
  created_at: z.string(),
  updated_at: z.string(),
});
export const AttributeListResponse = z.object({ attributes: z.array(AttributeSchema) });
export const AttributeResponse = z.object({ attribute: AttributeSchema });
export const AttributeCreateBody = z
  .object({
    name: attributeName,
    kind: z.enum(["category", "date", "number"]).describe("category, date or number; it cannot be changed later"),
    visibility: attributeVisibility.optional().describe("Default hr"),
  })
  .strict();
export const AttributePatchBody = z.object({ name: attributeName.optional(), visibility: attributeVisibility.optional() }).strict();
export const AttributeIdParams = z.object({ id: idCoerced });

registerRoute({
  method: "get",
  path: "/api/v1/admin/attributes",
  summary: "The people attributes insights break down by: the built-in ones, then custom ones by name (super admin)",
  tags: ["insights"],
  responses: { 200: AttributeListResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/attributes",
  summary: "Define a custom people attribute (super admin; audited); 409 attribute_name_taken for a name in use in any case",
  tags: ["insights"],
  request: { body: AttributeCreateBody },
  responses: { 201: AttributeResponse },
});
const attributeParams = z.object({ id: idNumber });
registerRoute({
  method: "patch",
  path: "/api/v1/admin/attributes/{id}",
  summary: "Rename a people attribute or change who sees its values (super admin; audited); 409 attribute_name_taken",
  tags: ["insights"],
  request: { params: attributeParams, body: AttributePatchBody },
  responses: { 200: AttributeResponse },
});
registerRoute({
  method: "delete",
  path: "/api/v1/admin/attributes/{id}",
  summary: "Delete a custom people attribute (super admin; audited); 409 built_in_attribute for a built-in one",
  tags: ["insights"],
  request: { params: attributeParams },
  responses: { 204: null },
});

// ——— Fairness insights of a cycle or session (ADR 0111) ———

/** `?filter=<attribute id>:<value>`, repeated (one per attribute); an empty value means "not set". */
const FILTER = /^(\d{1,9}):(.*)$/s;
/** An attribute id, the colon and a value (at most ATTRIBUTE_VALUE_MAX_LENGTH; a band name is shorter). */
const FILTER_MAX_LENGTH = 10 + ATTRIBUTE_VALUE_MAX_LENGTH;
const filterItem = z
  .string()
  .max(FILTER_MAX_LENGTH)
  .regex(FILTER, "A filter is <attribute id>:<value>")
  .transform((raw) => {
    const [, id, value] = FILTER.exec(raw)!;
    return { attribute_id: Number(id), value: value === "" ? null : value };
  });
export const InsightsQuery = z
  .object({
    filter: z
      .union([filterItem.transform((f) => [f]), z.array(filterItem).max(12)])
      .optional()
      .describe("<attribute id>:<value>, repeated (one per attribute); an empty value is 'not set'. Values of date attributes are their bands ('2–5 years')"),
  })
  .strict();

export const CycleInsightsParams = z.object({ cycle_id: idCoerced });
export const SessionInsightsParams = z.object({ session_id: idCoerced });

const pageMessage = z.object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
const measureKey = z.string().describe("A measure of the figure (insight-json.ts InsightMeasureKey)");
const row = z.object({
  group: z.string().nullable().describe("The group's value or band; null: not set, or the Other row"),
  other: z.boolean().describe("The groups under the privacy floor merged together"),
  people: z.number().int(),
  values: z.record(measureKey, z.number().nullable()),
  distribution: z.object({ before: z.record(z.string(), z.number().int()), after: z.record(z.string(), z.number().int()) }).optional(),
});
const gap = z.object({
  group: z.string().nullable(),
  other: z.boolean(),
  measure: measureKey,
  test: z.enum(["fisher", "chi_squared", "mann_whitney_exact", "mann_whitney_normal"]),
  p: z.number(),
  significant: z.boolean(),
  effect: z.number().describe("Rates: percentage points; means and lengths: difference of means (group − rest)"),
  band: z.enum(["negligible", "small", "medium", "large"]).nullable().describe("Cliff's delta's band (Mann–Whitney tests)"),
  words: z.array(pageMessage).describe("The gap and its significance as translation keys with values"),
});
const figure = z.object({
  figure: z.enum(["peer_selection", "feedback_received", "ratings", "promotions"]),
  attribute: z.object({ id: idNumber, key: z.string().nullable().optional(), name: z.string() }),
  measures: z.array(z.object({ key: measureKey, kind: z.enum(["count", "rate", "mean", "length"]) })),
  shown: z.boolean(),
  suppressed_reason: z.enum(["too_few", "differencing"]).optional(),
  total: row.nullable(),
  rows: z.array(row),
  gaps: z.array(gap),
});
export const InsightsResponse = z.object({
  scope: z.union([
    z.object({ kind: z.literal("cycle"), cycle_id: idNumber, cycle_name: z.string() }),
    z.object({ kind: z.literal("session"), session_id: idNumber, session_name: z.string(), session_kind: z.enum(["rating", "promotion"]), cycle_id: idNumber }),
  ]),
  privacy_floor: z.number().int(),
  population: z.number().int(),
  attributes: z.array(
    z.object({
      id: idNumber,
      key: z.string().nullable().optional().describe("A built-in attribute's key (gender, start_date, level, location, department, employment_type); null for a custom one"),
      name: z.string(),
      kind: z.enum(["category", "date", "number"]),
    }),
  ),
  filters: z.array(z.object({ attribute_id: idNumber, value: z.string().nullable() })),
  figures: z.array(figure),
});

registerRoute({
  method: "get",
  path: "/api/v1/insights/cycles/{cycle_id}",
  summary:
    "A cycle's fairness insights (peer selection, feedback received, ratings, promotions) per attribute, under the privacy floor: super admins; HR partners over their participants",
  tags: ["insights"],
  request: { params: z.object({ cycle_id: idNumber }), query: InsightsQuery },
  responses: { 200: InsightsResponse },
});
registerRoute({
  method: "get",
  path: "/api/v1/insights/calibration_sessions/{session_id}",
  summary: "A calibration session's fairness insights (ratings before and after, or promotions) per attribute, under the privacy floor: super admins; HR partners who created it or whose people are in it",
  tags: ["insights"],
  request: { params: z.object({ session_id: idNumber }), query: InsightsQuery },
  responses: { 200: InsightsResponse },
});
