import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from "~/features/scim/protocol";
import * as scimRoute from "~/routes/scim.v2.$";

/**
 * Calls to /scim/v2 as an identity provider sends them (application/scim+json, a SCIM token), through the route
 * module, and the bodies the SCIM tests send: scim.test.ts, scim-attributes.test.ts.
 */

export type ScimAnswer = { status: number; body: any; headers: Headers };

/** A PatchOp body with these operations. */
export const scimPatch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

/**
 * A test file's SCIM client: `token()` (made in its beforeAll) is the bearer unless a call says otherwise (null: none);
 * `tag` keeps its people's emails apart from other files'.
 */
export function scimClient(token: () => string, tag: string) {
  async function scim(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, bearer: string | null = token()): Promise<ScimAnswer> {
    const h = new Headers(headers);
    if (bearer !== null && !h.has("Authorization")) h.set("Authorization", `Bearer ${bearer}`);
    if (body !== undefined) h.set("Content-Type", "application/scim+json");
    const [pathname] = path.split("?");
    const request = new Request(`http://127.0.0.1/scim/v2/${path}`, { method, headers: h, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
    const handler = method === "GET" ? scimRoute.loader : scimRoute.action;
    const response = await handler({ request, params: { "*": pathname! }, context: {} } as never);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }
  const email = (name: string) => `${name}.${tag}@acme.example.com`;
  /** A User resource of `name` (its work email, given name capitalised, family name Tester), with `extra` on top. */
  const userBody = (name: string, extra: Record<string, unknown> = {}) => ({
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    userName: email(name),
    name: { givenName: name[0]!.toUpperCase() + name.slice(1), familyName: "Tester" },
    emails: [{ value: email(name), type: "work", primary: true }],
    active: true,
    ...extra,
  });
  return { scim, email, userBody };
}
