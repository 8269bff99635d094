import type { LoaderFunctionArgs } from "@remix-run/node";
import { completeLarkSignIn } from "~/features/auth/service.server";

/** Lark sends the browser back here with code and state; the code is exchanged server-side. */
export const loader = ({ request }: LoaderFunctionArgs) => completeLarkSignIn(request);
