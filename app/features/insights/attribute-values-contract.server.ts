import { z } from "zod";
import { registerRoute } from "~/platform/openapi/registry.server";
import { idCoerced, idNumber } from "~/platform/input";

/**
 * Contracts of a person's attribute values in the directory's admin API (issue 29 §1, ADR 0109), registered in the
 * OpenAPI document through the insights' contract module. Super admins: every attribute of everyone; HR partners: the
 * attributes of visibility `hr` of their people (whose HR partner they are in a cycle or the directory).
 */

export const PersonAttributeSchema = z.object({
  attribute_id: idNumber,
  key: z.string().nullable().describe("A built-in attribute's key; null for a custom one"),
  name: z.string(),
  kind: z.enum(["category", "date", "number"]),
  visibility: z.enum(["hr", "super_admins"]),
  value: z.string().nullable().describe("category: its text; date: yyyy-mm-dd; number: a decimal; null when unset"),
  editable: z.boolean().describe("False for level, location, department and start date: they are the person's directory fields (PATCH /api/v1/admin/users/{id})"),
});
export const PersonAttributesResponse = z.object({ user_id: idNumber, attributes: z.array(PersonAttributeSchema) });

/** At most this many values in one PUT (more attributes than anyone defines). */
export const MAX_VALUES_PER_PUT = 200;

export const PersonAttributesBody = z
  .object({
    values: z
      .array(
        z
          .object({
            attribute_id: idNumber,
            value: z.string().max(1000, "At most 1000 characters").nullable().describe("The new value; null or an empty text clears it"),
          })
          .strict(),
      )
      .min(1, "Give at least one value")
      .max(MAX_VALUES_PER_PUT, `At most ${MAX_VALUES_PER_PUT} values`),
  })
  .strict();
export const PersonAttributesParams = z.object({ id: idCoerced });

const params = z.object({ id: idNumber });
registerRoute({
  method: "get",
  path: "/api/v1/admin/users/{id}/attributes",
  summary: "A person's attribute values: every attribute for a super admin; the HR-visible ones of their people for an HR partner",
  tags: ["insights"],
  request: { params },
  responses: { 200: PersonAttributesResponse },
});
registerRoute({
  method: "put",
  path: "/api/v1/admin/users/{id}/attributes",
  summary:
    "Set or clear a person's attribute values, all or nothing (super admin; HR partner for their people and HR-visible attributes; audited user.attributes); 422 validation_failed lists each refused value",
  tags: ["insights"],
  request: { params, body: PersonAttributesBody },
  responses: { 200: PersonAttributesResponse },
});
