import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PersonAttributesBody, PersonAttributesParams, PersonAttributesResponse } from "~/features/insights/attribute-values-contract.server";
import { api, methodNotAllowed, parseJsonBody, parseParams } from "~/platform/api.server";
import { assertNotSpoofing, requireApiUser } from "~/platform/auth.server";
import { attributeReachFor, getPersonAttributes, putPersonAttributes } from "~/features/insights/person-attributes.server";

/** GET /api/v1/admin/users/{id}/attributes — a person's attribute values (super admin; HR partner: theirs, HR-visible). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    const { id } = parseParams(params, PersonAttributesParams);
    return PersonAttributesResponse.parse(await getPersonAttributes(await attributeReachFor(current, id), id));
  });

/** PUT /api/v1/admin/users/{id}/attributes — set or clear values, all or nothing (audited user.attributes). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const current = await requireApiUser(request);
    assertNotSpoofing(current);
    const { id } = parseParams(params, PersonAttributesParams);
    const reach = await attributeReachFor(current, id);
    const body = await parseJsonBody(request, PersonAttributesBody);
    const inputs = body.values.map((v) => ({ attributeId: v.attribute_id, value: v.value }));
    return PersonAttributesResponse.parse(await putPersonAttributes(current, reach, id, inputs));
  });
