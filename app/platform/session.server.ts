import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "~/platform/env.server";

const DEV_SECRET = "pmr-development-session-secret-not-for-production";

/** Signed, httpOnly, SameSite=Lax cookie holding the signed-in user id (and the real user while spoofing). */
export const sessionStorage = createCookieSessionStorage<{
  userId: number;
  realUserId?: number;
  oauth2state?: string;
}, { loginError: string }>({
  cookie: {
    name: "__pmr_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().isProduction,
    secrets: [env().SESSION_SECRET ?? DEV_SECRET],
    maxAge: 60 * 60 * 24 * 7,
  },
});

export const getSession = (request: Request) => sessionStorage.getSession(request.headers.get("Cookie"));
export const { commitSession, destroySession } = sessionStorage;
