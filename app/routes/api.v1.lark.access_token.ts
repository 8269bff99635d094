import type { ActionFunctionArgs } from "@remix-run/node";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { signInWithLarkCode, callbackUrls } from "~/features/auth/service.server";
import { LarkAccessTokenBody } from "~/features/auth/contract.server";

export const loader = () => methodNotAllowed(["POST"]);

/** The second provider's access-token path: POST {code} → the same answer as POST /api/v1/tokens. */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await parseJsonBody(request, LarkAccessTokenBody);
    const redirectUri = body.redirect_uri ?? callbackUrls(request).lark;
    return Response.json(await signInWithLarkCode(body.code, redirectUri), { status: 201 });
  });
