import { expect, type Page } from "@playwright/test";
import type { Demo } from "./fixtures";

/** What the browser tests share to set up data through the API. */

/** The demo sign-off party (the CEO), who is in no DEMO group of fixtures.ts. */
export const CEO: Demo = { email: "carmen.chief@example.com", name: "Carmen Chief" };

type ApiResponse = Awaited<ReturnType<Page["request"]["get"]>>;

/** The JSON body of a response that must have `status` (its text is the failure message). */
export async function ok<T>(res: ApiResponse, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** A user's id by email, read by a super admin's page through the admin users API. */
export async function userId(admin: Page, email: string): Promise<number> {
  const { users } = await ok<{ users: Array<{ id: number; email: string }> }>(await admin.request.get(`/api/v1/admin/users?q=${encodeURIComponent(email)}`));
  const user = users.find((u) => u.email === email);
  expect(user, email).toBeTruthy();
  return user!.id;
}
