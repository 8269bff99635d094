import { redirect } from "@remix-run/node";

/** The root path redirects to /app/home (spec §2). */
export const loader = () => redirect("/app/home");
