import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { startLarkSignIn } from "~/features/auth/service.server";

/** The sign-in starts with a POST from the login page (form field redirectTo); a GET just goes there. */
export const loader = () => redirect("/app/login");

export const action = ({ request }: ActionFunctionArgs) => startLarkSignIn(request);
