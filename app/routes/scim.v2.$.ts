import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleScimRequest } from "~/features/scim/handler.server";

/** /scim/v2/* — the SCIM 2.0 server for identity providers (docs/decisions/0051-scim-provisioning.md). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleScimRequest(request, params["*"] ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => handleScimRequest(request, params["*"] ?? "");
