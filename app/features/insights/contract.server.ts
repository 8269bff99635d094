import { z } from "zod";
import { registerRoute } from "~/platform/openapi/registry.server";
import { idCoerced, idNumber, NOT_BLANK } from "~/platform/input";
import { DEFAULT_PRIVACY_FLOOR, MINIMUM_PRIVACY_FLOOR } from "~/features/insights/privacy-floor";

/** Contracts of the fairness insights' API (issue 29, ADR 0103): the company's privacy floor, the people attributes. */

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
