/**
 * SCIM 2.0 protocol basics (RFC 7643/7644; docs/decisions/0051-scim-provisioning.md). PURE: schema URNs, the error
 * of the protocol (RFC 7644 §3.12) and the answers' content type, shared by the server's modules and the tests.
 */

export const SCIM_CONTENT_TYPE = "application/scim+json";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
/** Our extension of the User: level, location, secondary manager and HR partner. */
export const PMR_SCHEMA = "urn:pmr:params:scim:schemas:extension:pmr:2.0:User";
/** Our extension of the User with the people attribute values (docs/decisions/0110; attribute-extension.ts). */
export const ATTRIBUTES_SCHEMA = "urn:ietf:params:scim:schemas:extension:pmr:attributes:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
export const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
export const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

/** The page size of a list when `count` is not given, and the most one page holds (ServiceProviderConfig). */
export const DEFAULT_COUNT = 100;
export const MAX_RESULTS = 200;
/** The largest request body read (ServiceProviderConfig says no bulk; one resource is small). */
export const MAX_BODY_BYTES = 1_000_000;

/** RFC 7644 §3.12 table 9. */
export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

/** A refusal in the protocol's terms: an HTTP status, an optional scimType and a human-readable detail. */
export class ScimError extends Error {
  constructor(
    public status: number,
    public scimType: ScimType | null,
    detail: string,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, "invalidValue", detail);
export const invalidSyntax = (detail: string) => new ScimError(400, "invalidSyntax", detail);
export const invalidFilter = (detail: string) => new ScimError(400, "invalidFilter", detail);
export const mutability = (detail: string) => new ScimError(400, "mutability", detail);
export const noTarget = (detail: string) => new ScimError(400, "noTarget", detail);
export const uniqueness = (detail: string) => new ScimError(409, "uniqueness", detail);
export const scimNotFound = (detail = "Resource not found") => new ScimError(404, null, detail);

export type ScimErrorBody = { schemas: [typeof ERROR_SCHEMA]; status: string; scimType?: ScimType; detail: string };

export function scimErrorBody(status: number, scimType: ScimType | null, detail: string): ScimErrorBody {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** A SCIM answer: JSON with the protocol's content type. */
export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": SCIM_CONTENT_TYPE, ...headers } });
}

export function scimErrorResponse(err: ScimError, headers: Record<string, string> = {}): Response {
  return scimJson(scimErrorBody(err.status, err.scimType, err.message), err.status, headers);
}

/** The weak ETag of a resource changed at `updatedAt` (meta.version, the ETag header). */
export function versionOf(updatedAt: Date): string {
  return `W/"${updatedAt.getTime().toString(36)}"`;
}

/**
 * RFC 7644 §3.14: with `If-Match` the change applies only to the version the client names (412 otherwise).
 * `*` matches any existing resource.
 */
export function checkIfMatch(ifMatch: string | null, current: string): void {
  if (ifMatch === null) return;
  const wanted = ifMatch.split(",").map((v) => v.trim()).filter(Boolean);
  if (wanted.includes("*")) return;
  const bare = (v: string) => v.replace(/^W\//, "");
  if (!wanted.some((v) => bare(v) === bare(current))) {
    throw new ScimError(412, null, `The resource changed: its version is ${current}, not ${ifMatch}`);
  }
}

/** A SCIM boolean as identity providers send it: true/false, or the strings "True"/"False" (Entra ID). */
export function scimBoolean(value: unknown, what: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (v === "true") return true;
    if (v === "false") return false;
  }
  throw invalidValue(`${what} must be true or false`);
}

/** A string attribute: trimmed, null when blank or absent; a refusal for anything but a string. */
export function scimString(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw invalidValue(`${what} must be a string`);
  const text = value.trim();
  return text === "" ? null : text;
}
