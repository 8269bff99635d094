import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getCurrentUser } from "~/platform/auth.server";
import { commitSession, getSession } from "~/platform/session.server";
import { DEFAULT_AFTER_LOGIN, safeRedirectPath } from "~/features/auth/rules";
import { pageTitle } from "~/platform/i18n/page-title";
import { LoginPage } from "~/features/auth/login/login-page";

/** The document's title in the reader's language (ADR 0080; the texts: spec §2 'Screen contents known: Login'). */
export const handle = pageTitle("login.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw redirect(redirectTo);
  const session = await getSession(request);
  const error = Boolean(session.get("loginError")); // a flash: shown once
  return data(
    { error, redirectTo: redirectTo === DEFAULT_AFTER_LOGIN ? null : redirectTo },
    error ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

/** Standalone sign-in screen (no navigation shell): app/features/auth/login/login-page.tsx. */
export default function Login() {
  const { error, redirectTo } = useLoaderData<typeof loader>();
  return <LoginPage error={error} redirectTo={redirectTo} />;
}
