import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOutPage } from "~/features/auth/service.server";

/** POST signs out (session.logout) and lands on /app/login?out=true. A GET never signs out (no logout by link). */
export const loader = () => redirect("/app/home");

export const action = ({ request }: ActionFunctionArgs) => signOutPage(request);
