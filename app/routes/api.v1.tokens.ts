import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { api, methodNotAllowed, unauthorized } from "~/platform/api.server";
import { assertNotSpoofing, getCurrentUser, requireApiUser } from "~/platform/auth.server";
import { signInWithIdToken, signOutApi } from "~/features/auth/service.server";
import { IdTokenHeader } from "~/features/auth/contract.server";

export const loader = () => methodNotAllowed(["POST", "DELETE"]);

/** POST: ID token of the OpenID provider → API token. DELETE: sign out (revoke this token). */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method === "POST") {
      // A browser session viewing another user may not mint tokens (ADR 0010); end the spoof first.
      const session = await getCurrentUser(request);
      if (session) assertNotSpoofing(session);
      const header = IdTokenHeader.safeParse(request.headers.get("Authorization") ?? "");
      if (!header.success) throw unauthorized(z.prettifyError(header.error));
      return Response.json(await signInWithIdToken(header.data), { status: 201 });
    }
    if (request.method === "DELETE") {
      const current = await requireApiUser(request);
      return new Response(null, { status: 204, headers: await signOutApi(request, current) });
    }
    return methodNotAllowed(["POST", "DELETE"]);
  });
