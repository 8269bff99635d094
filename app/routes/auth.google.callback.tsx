import type { LoaderFunctionArgs } from "@remix-run/node";
import { completeGoogleSignIn } from "~/features/auth/service.server";

/** The OpenID provider sends the browser back here with code and state. */
export const loader = ({ request }: LoaderFunctionArgs) => completeGoogleSignIn(request);
