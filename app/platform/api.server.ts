import { z } from "zod";
import { reportServerError } from "~/platform/analytics/report-error.server";
import { MAX_INT, nulPath, outOfRangePath } from "~/platform/input";

/** Error body of every /api/v1 failure: { error: { code, message, details } }. */
export type ApiErrorBody = { error: { code: string; message: string; details: unknown } };

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public details: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details: unknown = null) => new ApiError(400, "bad_request", message, details);
export const unauthorized = (message = "Authentication required") => new ApiError(401, "unauthorized", message);
export const forbidden = (message = "You do not have access to this page") => new ApiError(403, "forbidden", message);
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const conflict = (message: string, details: unknown = null, code = "conflict") => new ApiError(409, code, message, details);
/**
 * Well-formed input (as the OpenAPI document states it) that a rule over its values refuses: a thing it names that
 * does not exist, two fields that do not fit together, a file with nothing in it (ADR 0060, "Statuses of refusals").
 * The error code stays what it was when this was a 400.
 */
export const unprocessable = (message: string, details: unknown = null, code = "bad_request") => new ApiError(422, code, message, details);

/** A cycle id that names no cycle: 404 in the API; the pages show 'Invalid Cycle ID' for it (page-errors.server.ts). */
export class CycleNotFoundError extends ApiError {
  constructor(cycleId: number | string) {
    super(404, "not_found", `Cycle ${cycleId} not found`);
  }
}
export const cycleNotFound = (cycleId: number | string) => new CycleNotFoundError(cycleId);

export function errorResponse(err: ApiError): Response {
  const body: ApiErrorBody = { error: { code: err.code, message: err.message, details: err.details } };
  return Response.json(body, { status: err.status });
}

/**
 * A schema's refusal: 400 `validation_failed` when the input is not of the shape the document states; 422 when every
 * issue is a rule over valid fields that the document cannot state (a `refine` marked `valueRule` of
 * app/platform/input.ts: shares adding up to 100, "give a or b"), still `validation_failed` (ADR 0060).
 */
export const refusalStatus = (error: z.ZodError): 400 | 422 =>
  error.issues.length > 0 && error.issues.every((issue) => issue.code === "custom" && (issue.params as { value_rule?: boolean } | undefined)?.value_rule) ? 422 : 400;
function schemaRefusal(error: z.ZodError, message: string): ApiError {
  return new ApiError(refusalStatus(error), "validation_failed", message, z.flattenError(error));
}

/** Turn anything thrown inside an API handler into the JSON error format. */
export function toErrorResponse(err: unknown): Response {
  if (err instanceof Response) return err;
  if (err instanceof ApiError) return errorResponse(err);
  if (err instanceof z.ZodError) return errorResponse(schemaRefusal(err, "Invalid input"));
  // A number beyond the database column's range (Prisma P2020, e.g. an id in a body above 2^31 - 1): bad input.
  if (typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2020") {
    return errorResponse(new ApiError(400, "out_of_range", "A number in the request is outside the range it may take"));
  }
  // A unique constraint hit by a concurrent request (Prisma P2002): the other request won; nothing was written here.
  if (typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2002") {
    return errorResponse(conflict("This conflicts with a change made at the same moment; reload and try again", { target: (err as { meta?: { target?: unknown } }).meta?.target ?? null }));
  }
  reportServerError(err);
  return errorResponse(new ApiError(500, "internal_error", "Something went wrong, please try again"));
}

/** Run an API handler; every failure becomes `{ error: {...} }` with the right status. */
export async function api(handler: () => Promise<Response | unknown>): Promise<Response> {
  try {
    const result = await handler();
    return result instanceof Response ? result : Response.json(result);
  } catch (err) {
    return toErrorResponse(err);
  }
}

/** 400 when a decoded input (query, body, form) holds a NUL character (ADR 0060): PostgreSQL text cannot store it. */
export function refuseNul(value: unknown): void {
  const at = nulPath(value);
  if (at !== null) throw new ApiError(400, "invalid_characters", "Text may not contain NUL characters", { field: at });
}

/**
 * 400 when a whole number parsed from a query string is beyond what the database's integer columns hold (ADR 0060):
 * the safety net under the query schemas, which say so themselves (`maximum`) through app/platform/input.ts.
 */
function refuseOutOfRange(value: unknown): void {
  const at = outOfRangePath(value);
  if (at !== null) throw new ApiError(400, "out_of_range", `A number in the request is outside the range it may take (at most ${MAX_INT})`, { field: at });
}

/** The media types a JSON body may be sent as. */
const isJsonType = (contentType: string | null) => /^application\/(?:[\w.+-]+\+)?json$/i.test((contentType ?? "").split(";")[0]!.trim());

/**
 * The JSON body of an API write, checked against `schema`: a body sent as anything but application/json, or
 * content-encoded, is 415; malformed JSON 400; text with a NUL 400. (A body's ids are bounded by their schemas,
 * `idNumber` of app/platform/input.ts; a number beyond a column that still reaches the database is Prisma's P2020: 400.)
 */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "") {
    throw new ApiError(415, "unsupported_media_type", `Content-Encoding ${encoding} is not accepted; send the body unencoded`);
  }
  let raw: unknown = {};
  const text = await request.text();
  if (text.trim().length > 0) {
    if (!isJsonType(request.headers.get("content-type"))) {
      throw new ApiError(415, "unsupported_media_type", "Send the body as application/json", { content_type: request.headers.get("content-type") });
    }
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError(400, "invalid_json", "Request body is not valid JSON");
    }
  }
  refuseNul(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw schemaRefusal(parsed.error, "Invalid input");
  return parsed.data;
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const url = new URL(request.url);
  const obj: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    obj[key] = key.endsWith("[]") ? all : all.length > 1 ? all : all[0]!;
  }
  refuseNul(obj);
  const parsed = schema.safeParse(obj);
  if (!parsed.success) throw schemaRefusal(parsed.error, "Invalid query");
  refuseOutOfRange(parsed.data);
  return parsed.data;
}

/** The largest id the database holds (PostgreSQL integer): a larger number in a path names nothing. */
export const MAX_ID = MAX_INT;

export function parseParams<T extends z.ZodType>(params: unknown, schema: T): z.infer<T> {
  if (nulPath(params) !== null) throw new ApiError(404, "not_found", "Not found");
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new ApiError(404, "not_found", "Not found", z.flattenError(parsed.error));
  if (parsed.data && typeof parsed.data === "object") {
    for (const [key, value] of Object.entries(parsed.data)) {
      if (typeof value === "number" && Number.isInteger(value) && value > MAX_ID) {
        throw new ApiError(404, "not_found", "Not found", { formErrors: [], fieldErrors: { [key]: [`No such ${key}`] } });
      }
    }
  }
  return parsed.data;
}

/** 405 for a method a resource route does not serve. */
export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { error: { code: "method_not_allowed", message: `Use ${allowed.join(", ")}`, details: null } },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}
