import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AttributeCreateBody, AttributeListResponse, AttributeResponse } from "~/features/insights/contract.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { createAttribute, listAttributes } from "~/features/insights/attributes.server";

/** GET /api/v1/admin/attributes (super admin) — the people attributes, built-in first (ADR 0103). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    return AttributeListResponse.parse({ attributes: await listAttributes() });
  });

/** POST /api/v1/admin/attributes (super admin) — define a custom attribute (audited). */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const input = await parseJsonBody(request, AttributeCreateBody);
    return Response.json(AttributeResponse.parse({ attribute: await createAttribute(current.actor, input) }), { status: 201 });
  });
