import { z } from "zod";
import { MAX_INT, idCoerced, idNumber } from "~/platform/input";
import { USER_PAGE_SIZE_DEFAULT, USER_PAGE_SIZE_MAX, USER_PICKER_LIMIT, USER_STATUSES } from "~/features/users/rules";
import { ROLES } from "~/features/users/roles";
import { DIRECTORY_TEXT_MAX, EMPLOYEE_NUMBER_MAX } from "~/features/users/directory-rules";
import { registerRoute } from "~/platform/openapi/registry.server";

/**
 * Contracts of the admin operations API: admin users (list, get, patch), the user pickers (GET users) and
 * spoofing (POST/DELETE admin/spoof). The audit log's contract is app/features/audit/contract.server.ts.
 */

/** "" in a query string means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/**
 * A whole number in a query string ("" = `fallback`). The document states what the server enforces (ADR 0060): an
 * integer within `schema`'s bounds and an integer column's (the generator's `type: number` let 1.5 and 2^52 through).
 */
export const queryInt = (schema: z.ZodNumber, fallback: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).default(fallback)).openapi({
    type: "integer",
    minimum: Math.max(schema.minValue ?? -MAX_INT, -MAX_INT),
    maximum: Math.min(schema.maxValue ?? MAX_INT, MAX_INT),
    default: fallback,
  });
export const queryText = z.preprocess(blankToUndefined, z.string().trim().max(200, "At most 200 characters").optional());
const emailField = z.email({ error: "Enter a valid email address" }).max(320);

export const RoleSchema = z.enum(ROLES);

export const UserSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  profile_image_url: z.string().nullable(),
  active: z.boolean(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const PersonRefSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const AdminUserSchema = UserSummarySchema.extend({
  job_title: z.string().nullable(),
  department: z.string().nullable(),
  level: z.string().nullable(),
  location: z.string().nullable(),
  manager: PersonRefSchema.nullable(),
  secondary_manager: PersonRefSchema.nullable(),
  hr_partner: PersonRefSchema.nullable(),
  start_date: z.string().nullable().describe("First day at the company, YYYY-MM-DD"),
  employee_number: z.string().nullable(),
  deactivated_at: z.string().nullable().describe("When the user was deactivated (null while active)"),
  scim_managed: z.boolean().describe("True while an identity provider manages the user over SCIM"),
  direct_report_count: z.number().int(),
  hr_employee_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

// ---------------------------------------------------------------- admin users

export { USER_PAGE_SIZE_DEFAULT, USER_PAGE_SIZE_MAX, USER_PICKER_LIMIT };

export const AdminUserListQuery = z.object({
  q: queryText.describe("Case-insensitive part of the name or email"),
  "role[]": z.array(RoleSchema).optional().describe("Any of these roles (repeat the parameter)"),
  status: z
    .preprocess(blankToUndefined, z.enum(USER_STATUSES).default("all"))
    .describe("active, inactive or all (default) users"),
  page: queryInt(z.number().int().min(1, "page starts at 1"), 1).describe("1-based page number"),
  page_size: queryInt(z.number().int().min(1).max(USER_PAGE_SIZE_MAX, `page_size is at most ${USER_PAGE_SIZE_MAX}`), USER_PAGE_SIZE_DEFAULT)
    .describe(`Rows per page (default ${USER_PAGE_SIZE_DEFAULT}, max ${USER_PAGE_SIZE_MAX})`),
});
export type AdminUserListQueryInput = z.infer<typeof AdminUserListQuery>;

export const AdminUserListResponse = z.object({
  users: z.array(UserSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const UserIdParams = z.object({ id: idCoerced });
export const AdminUserResponse = z.object({ user: AdminUserSchema });

/**
 * The directory fields of the create and change bodies. The server trims text (blank clears it), lower-cases emails
 * and checks the rest (docs/decisions/0050-user-directory.md): unknown, deactivated or own manager / secondary
 * manager / HR partner and a management loop are 422; a duplicate email or employee number is 409 (`details.field`).
 * The document states the text rule of the directory (ADR 0060): no control characters but blanks at either end
 * (trimmed away); a name holds something besides blanks.
 */
const TEXT_PATTERN = "^[\\t-\\r ]*[^\\u0000-\\u001f\\u007f]*[\\t-\\r ]*$";
const NAME_PATTERN = "^[\\t-\\r ]*[^\\u0000-\\u001f\\u007f]*[^\\u0000-\\u001f\\u007f\\s][^\\u0000-\\u001f\\u007f]*[\\t-\\r ]*$";
const optionalText = (what: string) =>
  z.string().max(DIRECTORY_TEXT_MAX, `At most ${DIRECTORY_TEXT_MAX} characters`).meta({ pattern: TEXT_PATTERN }).nullable().optional().describe(`${what}; null or blank clears it`);
const personEmail = (what: string) => emailField.nullable().optional().describe(`The ${what}'s email (an active user other than this one); null removes the ${what}`);
const directoryFields = {
  role: RoleSchema.optional(),
  job_title: optionalText("Job title"),
  department: optionalText("Department"),
  level: optionalText("Career level, e.g. L4"),
  location: optionalText("Location"),
  manager_email: personEmail("manager"),
  secondary_manager_email: personEmail("secondary manager"),
  hr_partner_email: personEmail("HR partner"),
  start_date: z.iso.date("Start date must be a date (YYYY-MM-DD)").nullable().optional().describe("First day at the company (YYYY-MM-DD); null clears it"),
  employee_number: z
    .string()
    .max(EMPLOYEE_NUMBER_MAX, `At most ${EMPLOYEE_NUMBER_MAX} characters`)
    .meta({ pattern: TEXT_PATTERN })
    .nullable()
    .optional()
    .describe("The HR system's employee number, unique when set; null or blank clears it"),
};
const nameField = z
  .string()
  .min(1, "Name is required")
  .max(DIRECTORY_TEXT_MAX, `Name must be at most ${DIRECTORY_TEXT_MAX} characters`)
  .meta({ pattern: NAME_PATTERN });

export const AdminUserCreate = z
  .object({
    email: emailField.describe("Unique, case-insensitive (stored lower-case)"),
    name: nameField,
    ...directoryFields,
    active: z.boolean().optional().describe("false: created deactivated (default true)"),
  })
  .strict();
export type AdminUserCreateInput = z.infer<typeof AdminUserCreate>;

export const AdminUserPatch = z
  .object({
    email: emailField.optional().describe("Unique, case-insensitive (stored lower-case)"),
    name: nameField.optional(),
    ...directoryFields,
    active: z.boolean().optional().describe("false: deactivated (signed out everywhere, tokens revoked); true: re-activated"),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" })
  // The document says it too: an empty object is refused (ADR 0060).
  .meta({ minProperties: 1 });
export type AdminUserPatchInput = z.infer<typeof AdminUserPatch>;

registerRoute({
  method: "get",
  path: "/api/v1/admin/users",
  summary: "Users for the admin table: search by name/email, filter by role, paged (super admin)",
  tags: ["admin users"],
  request: { query: AdminUserListQuery },
  responses: { 200: AdminUserListResponse },
});
const idParams = z.object({ id: idNumber });
registerRoute({
  method: "get",
  path: "/api/v1/admin/users/{id}",
  summary: "One user with manager, HR partner and direct report count (super admin)",
  tags: ["admin users"],
  request: { params: idParams },
  responses: { 200: AdminUserResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/users",
  summary:
    "Create a user in the directory (super admin; audited user.create). 409 for a taken email or employee number; 422 for an unknown, deactivated or own manager, secondary manager or HR partner",
  tags: ["admin users"],
  request: { body: AdminUserCreate },
  responses: { 201: AdminUserResponse },
});
registerRoute({
  method: "patch",
  path: "/api/v1/admin/users/{id}",
  summary:
    "Change any directory field of a user (super admin; audited user.update, or user.deactivate / user.reactivate when active changes). 409 for a taken email or employee number; 422 for an unknown, deactivated or own manager / secondary manager / HR partner or a management loop, and when a super admin would remove their own Super Admin role or deactivate themselves",
  tags: ["admin users"],
  request: { params: idParams, body: AdminUserPatch },
  responses: { 200: AdminUserResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/users/{id}/deactivate",
  summary:
    "Deactivate a user (super admin; audited user.deactivate): they can no longer sign in, every session and API token ends at once, all their history stays. Not yourself (422); already inactive is a no-op",
  tags: ["admin users"],
  request: { params: idParams },
  responses: { 200: AdminUserResponse },
});
registerRoute({
  method: "post",
  path: "/api/v1/admin/users/{id}/reactivate",
  summary: "Re-activate a deactivated user (super admin; audited user.reactivate); already active is a no-op",
  tags: ["admin users"],
  request: { params: idParams },
  responses: { 200: AdminUserResponse },
});

// ---------------------------------------------------------------- pickers

export const UserPickerQuery = z.object({
  q: queryText.describe("Case-insensitive part of the name or email"),
  // Blank means none (documented as such: an empty string or an email).
  nominee_email: z
    .union([z.literal(""), emailField])
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .describe("Leave out this user and their management chain (manager, manager's manager, …); 404 when it names no user"),
});
export const UserPickerItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile_image_url: z.string().nullable(),
});
export const UserPickerResponse = z.object({ users: z.array(UserPickerItemSchema) });

registerRoute({
  method: "get",
  path: "/api/v1/users",
  summary: `Active users for pickers (any signed-in user; at most ${USER_PICKER_LIMIT}, by name)`,
  tags: ["users"],
  request: { query: UserPickerQuery },
  responses: { 200: UserPickerResponse },
});

// ---------------------------------------------------------------- spoofing

export const SpoofBody = z.object({ spoofed_user_email: emailField.describe("The user to view the product as") });
export const SpoofStartResponse = z.object({
  user: UserSummarySchema.describe("The viewed user (now current)"),
  real_user: UserSummarySchema.describe("The super admin really signed in"),
  token: z
    .string()
    .optional()
    .describe("Bearer callers only: a new token acting as the viewed user on behalf of the super admin; DELETE admin/spoof with it ends the spoof"),
});
export const SpoofEndResponse = z.object({ user: UserSummarySchema.describe("The super admin, current again") });

registerRoute({
  method: "post",
  path: "/api/v1/admin/spoof",
  summary:
    "Start viewing the product as another user (super admin; not another super admin, yourself, an inactive user, nor while already spoofing). Cookie callers get the session switched, bearer callers a new token",
  tags: ["admin spoof"],
  request: { body: SpoofBody },
  responses: { 201: SpoofStartResponse },
});
registerRoute({
  method: "delete",
  path: "/api/v1/admin/spoof",
  summary: "End the spoof (Switch To Super Admin): the session returns to the super admin, or the spoof token is revoked",
  tags: ["admin spoof"],
  responses: { 200: SpoofEndResponse },
});
