import { z } from "zod";
import type { Actor } from "~/platform/actor";
import { reportServerError } from "~/platform/analytics/report-error.server";
import { authenticateScimToken } from "./tokens.server";
import {
  GROUP_SCHEMA,
  MAX_BODY_BYTES,
  SCIM_CONTENT_TYPE,
  ScimError,
  USER_SCHEMA,
  invalidSyntax,
  scimErrorResponse,
  scimJson,
  scimNotFound,
} from "./protocol";
import { scimResourceTypes, scimSchemas, serviceProviderConfig } from "./discovery";
import { attributeList, project } from "./projection";
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, patchScimUser, replaceScimUser } from "./users.server";
import { scimAttributes } from "./attributes.server";
import { createScimGroup, deleteScimGroup, getScimGroup, listScimGroups, patchScimGroup, replaceScimGroup } from "./groups.server";

/**
 * The SCIM 2.0 server at /scim/v2 (RFC 7644; docs/decisions/0051-scim-provisioning.md), behind one splat route.
 * Only a SCIM token (`Authorization: Bearer pmrscim_…`) gets in: a user's API token or session cookie is refused
 * with 401 like no credentials at all. Answers are application/scim+json, refusals the protocol's Error.
 */

const SEARCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:SearchRequest";

/** Query parameters of a list (RFC 7644 §3.4.2): startIndex below 1 is 1, a negative count is 0. */
const ListQuery = z.object({
  /** Its length is checked by the filter's reader (invalidFilter). */
  filter: z.string().nullable().default(null),
  startIndex: z.coerce.number().int().catch(1).transform((n) => Math.max(1, Math.min(n, 2_000_000_000))),
  count: z.coerce.number().int().nullable().catch(null).transform((n) => (n === null ? null : Math.max(0, n))),
  attributes: z.string().max(2000).nullable().default(null),
  excludedAttributes: z.string().max(2000).nullable().default(null),
});
type ListParams = z.infer<typeof ListQuery>;

/** POST /.search (RFC 7644 §3.4.3). */
const SearchBody = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(SEARCH_SCHEMA), `schemas must hold ${SEARCH_SCHEMA}`),
  filter: z.string().optional(),
  startIndex: z.number().int().optional(),
  count: z.number().int().optional(),
  attributes: z.array(z.string().max(500)).max(100).optional(),
  excludedAttributes: z.array(z.string().max(500)).max(100).optional(),
});

function listParamsOfUrl(url: URL): ListParams {
  const get = (name: string) => url.searchParams.get(name);
  return ListQuery.parse({
    filter: get("filter"),
    startIndex: get("startIndex") ?? 1,
    count: get("count"),
    attributes: get("attributes"),
    excludedAttributes: get("excludedAttributes"),
  });
}

function listParamsOfSearch(body: unknown): ListParams {
  const parsed = SearchBody.safeParse(body);
  if (!parsed.success) throw invalidSyntax(`Not a SearchRequest: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const b = parsed.data;
  return ListQuery.parse({
    filter: b.filter ?? null,
    startIndex: b.startIndex ?? 1,
    count: b.count ?? null,
    attributes: b.attributes?.join(",") ?? null,
    excludedAttributes: b.excludedAttributes?.join(",") ?? null,
  });
}

async function readBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== SCIM_CONTENT_TYPE && type !== "application/json") {
    throw new ScimError(415, null, `Send the body as ${SCIM_CONTENT_TYPE} (or application/json)`);
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new ScimError(413, null, "The request body is too large");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new ScimError(413, null, "The request body is too large");
  try {
    return JSON.parse(text);
  } catch {
    throw invalidSyntax("The body is not valid JSON");
  }
}

async function authenticate(request: Request): Promise<Actor> {
  const header = request.headers.get("authorization") ?? "";
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const found = token ? await authenticateScimToken(token) : null;
  if (!found) throw new ScimError(401, null, "A SCIM token is required (Authorization: Bearer <token>)");
  return { userId: null, realUserId: null, source: "scim", label: found.name };
}

type Resource = Record<string, unknown> & { meta?: { version?: string; location?: string } };

function withHeaders(resource: Resource, status = 200): Response {
  const headers: Record<string, string> = {};
  if (resource.meta?.version) headers.ETag = resource.meta.version;
  if (status === 201 && resource.meta?.location) headers.Location = resource.meta.location;
  return scimJson(resource, status, headers);
}

function projected<T extends Resource>(resource: T, p: Pick<ListParams, "attributes" | "excludedAttributes">, core: string): Resource {
  return project(resource, attributeList(p.attributes), attributeList(p.excludedAttributes), core) as Resource;
}

function methodNotAllowed(allowed: string[]): never {
  throw new ScimError(405, null, `Allowed methods: ${allowed.join(", ")}`);
}

type Endpoint = {
  core: string;
  list: (q: ListParams, base: string) => Promise<{ Resources: Resource[] } & Record<string, unknown>>;
  get: (id: string, base: string) => Promise<Resource>;
  create: (actor: Actor, body: unknown, base: string) => Promise<Resource>;
  replace: (actor: Actor, id: string, body: unknown, ifMatch: string | null, base: string) => Promise<Resource>;
  patch: (actor: Actor, id: string, body: unknown, ifMatch: string | null, base: string) => Promise<Resource>;
  remove: (actor: Actor, id: string, ifMatch: string | null) => Promise<void>;
};

const ENDPOINTS: Record<string, Endpoint> = {
  users: { core: USER_SCHEMA, list: listScimUsers, get: getScimUser, create: createScimUser, replace: replaceScimUser, patch: patchScimUser, remove: deleteScimUser },
  groups: { core: GROUP_SCHEMA, list: listScimGroups, get: getScimGroup, create: createScimGroup, replace: replaceScimGroup, patch: patchScimGroup, remove: deleteScimGroup },
};

async function listAnswer(e: Endpoint, q: ListParams, base: string): Promise<Response> {
  const list = await e.list(q, base);
  return scimJson({ ...list, Resources: list.Resources.map((r) => projected(r, q, e.core)) });
}

async function resourceRequest(request: Request, actor: Actor, e: Endpoint, rest: string[], url: URL, base: string): Promise<Response> {
  const method = request.method.toUpperCase();
  const ifMatch = request.headers.get("if-match");
  if (rest.length === 0) {
    if (method === "GET") return listAnswer(e, listParamsOfUrl(url), base);
    if (method === "POST") return withHeaders(projected(await e.create(actor, await readBody(request), base), listParamsOfUrl(url), e.core), 201);
    methodNotAllowed(["GET", "POST"]);
  }
  if (rest.length !== 1) throw scimNotFound();
  const id = rest[0]!;
  if (id === ".search") {
    if (method !== "POST") methodNotAllowed(["POST"]);
    return listAnswer(e, listParamsOfSearch(await readBody(request)), base);
  }
  switch (method) {
    case "GET": {
      const resource = await e.get(id, base);
      if (request.headers.get("if-none-match") === resource.meta?.version) return new Response(null, { status: 304, headers: { ETag: resource.meta!.version! } });
      return withHeaders(projected(resource, listParamsOfUrl(url), e.core));
    }
    case "PUT":
      return withHeaders(projected(await e.replace(actor, id, await readBody(request), ifMatch, base), listParamsOfUrl(url), e.core));
    case "PATCH":
      return withHeaders(projected(await e.patch(actor, id, await readBody(request), ifMatch, base), listParamsOfUrl(url), e.core));
    case "DELETE":
      await e.remove(actor, id, ifMatch);
      return new Response(null, { status: 204 });
    default:
      methodNotAllowed(["GET", "PUT", "PATCH", "DELETE"]);
  }
}

function byId<T extends { id: string }>(items: T[], id: string | undefined, what: string): Response {
  if (id === undefined) {
    return scimJson({ schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: items.length, itemsPerPage: items.length, startIndex: 1, Resources: items });
  }
  const item = items.find((i) => i.id === id);
  if (!item) throw scimNotFound(`No ${what} ${id}`);
  return scimJson(item);
}

async function route(request: Request, splat: string): Promise<Response> {
  const actor = await authenticate(request);
  const url = new URL(request.url);
  const base = `${url.origin}/scim/v2`;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw scimNotFound(`No SCIM endpoint at /scim/v2/${splat}`);
    }
  };
  const [head, ...rest] = splat.split("/").filter(Boolean).map(decode);
  const method = request.method.toUpperCase();
  const endpoint = head ? ENDPOINTS[head.toLowerCase()] : undefined;
  if (endpoint) return resourceRequest(request, actor, endpoint, rest, url, base);
  const discovery = async (): Promise<Response> => {
    if (method !== "GET") methodNotAllowed(["GET"]);
    switch (head?.toLowerCase()) {
      case "serviceproviderconfig":
        if (rest.length) throw scimNotFound();
        return scimJson(serviceProviderConfig(base));
      case "resourcetypes":
        return byId(scimResourceTypes(base), rest[0], "ResourceType");
      case "schemas":
        return byId(scimSchemas(base, await scimAttributes()), rest[0], "Schema");
      default:
        throw scimNotFound(`No SCIM endpoint at /scim/v2/${splat}`);
    }
  };
  if (head === ".search" && rest.length === 0) {
    if (method !== "POST") methodNotAllowed(["POST"]);
    throw new ScimError(501, null, "Search across resource types is not supported: POST /Users/.search or /Groups/.search");
  }
  return discovery();
}

/** Answers one request to /scim/v2/<splat>. */
export async function handleScimRequest(request: Request, splat: string): Promise<Response> {
  try {
    return await route(request, splat);
  } catch (err) {
    if (err instanceof ScimError) {
      const headers: Record<string, string> = err.status === 401 ? { "WWW-Authenticate": 'Bearer realm="SCIM"' } : {};
      if (err.status === 405) headers.Allow = err.message.replace("Allowed methods: ", "");
      return scimErrorResponse(err, headers);
    }
    if (err instanceof z.ZodError) return scimErrorResponse(invalidSyntax(err.issues.map((i) => i.message).join("; ")));
    reportServerError(err);
    return scimErrorResponse(new ScimError(500, null, "Something went wrong, please try again"));
  }
}
