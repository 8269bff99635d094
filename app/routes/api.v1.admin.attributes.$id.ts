import type { ActionFunctionArgs } from "@remix-run/node";
import { AttributeIdParams, AttributePatchBody, AttributeResponse } from "~/features/insights/contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { only } from "~/platform/api-routes.server";
import { deleteAttribute, updateAttribute } from "~/features/insights/attributes.server";

/** PATCH (name, visibility) and DELETE (custom ones only) /api/v1/admin/attributes/{id} (super admin; audited). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, AttributeIdParams);
    if (request.method === "DELETE") {
      await deleteAttribute(current.actor, id);
      return new Response(null, { status: 204 });
    }
    const patch = await parseJsonBody(request, AttributePatchBody);
    return AttributeResponse.parse({ attribute: await updateAttribute(current.actor, id, patch) });
  });

export const loader = only("PATCH", "DELETE");
