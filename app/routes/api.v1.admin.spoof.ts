import type { ActionFunctionArgs } from "@remix-run/node";
import { SpoofBody } from "~/features/users/contract.server";
import { api, methodNotAllowed, parseJsonBody } from "~/platform/api.server";
import { hashToken, requireApiUser } from "~/platform/auth.server";
import {
  assertCanStartSpoof,
  bearerTokenOf,
  endSessionSpoof,
  endSpoof,
  spoofEndBody,
  spoofStartBody,
  startSessionSpoof,
  startSpoof,
} from "~/features/users/spoof.server";

export const loader = () => methodNotAllowed(["POST", "DELETE"]);

/**
 * POST /api/v1/admin/spoof {spoofed_user_email}: start viewing as that user (super admin).
 * DELETE /api/v1/admin/spoof: end it; the response's `user` is the super admin again.
 * Cookie callers get the session switched (Set-Cookie); bearer callers get / revoke a spoof token.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
    const current = await requireApiUser(request);
    const bearer = bearerTokenOf(request);
    if (request.method === "POST") {
      assertCanStartSpoof(current);
      const { spoofed_user_email } = await parseJsonBody(request, SpoofBody);
      if (bearer) return Response.json(spoofStartBody(await startSpoof(current, spoofed_user_email, "token")), { status: 201 });
      const { started, setCookie } = await startSessionSpoof(request, current, spoofed_user_email);
      return Response.json(spoofStartBody(started), { status: 201, headers: { "Set-Cookie": setCookie } });
    }
    if (bearer) return spoofEndBody((await endSpoof(current, hashToken(bearer))).admin);
    const { admin, setCookie } = await endSessionSpoof(request, current);
    return Response.json(spoofEndBody(admin), { headers: { "Set-Cookie": setCookie } });
  });
