import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { api, methodNotAllowed } from "~/platform/api.server";
import { requireApiUser, type CurrentUser } from "~/platform/auth.server";

/**
 * Building blocks of the API route factories features use (`export const loader = reader(...)`): the
 * bearer-token user, the JSON error format, one method per action and 405 for the others.
 */

export type RouteParams = LoaderFunctionArgs["params"];
export type ApiHandler = (current: CurrentUser, request: Request, params: RouteParams) => Promise<unknown>;

/** A GET loader for the signed-in API user. */
export function reader(handler: ApiHandler) {
  return ({ request, params }: LoaderFunctionArgs) => api(async () => handler(await requireApiUser(request), request, params));
}

/** An action that serves one method (405 with `allow` for the others). */
export function writer(method: "POST" | "PATCH" | "PUT" | "DELETE", allow: string[], handler: ApiHandler) {
  return ({ request, params }: ActionFunctionArgs) =>
    api(async () => {
      if (request.method !== method) return methodNotAllowed(allow);
      return handler(await requireApiUser(request), request, params);
    });
}

/** 201 with the body checked against its response schema. */
export const created = (schema: z.ZodType, body: unknown) => Response.json(schema.parse(body), { status: 201 });

/** The loader or action of a route that serves only other methods. */
export const only =
  (...allow: string[]) =>
  () =>
    methodNotAllowed(allow);
