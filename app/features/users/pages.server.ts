import { pageMessage } from "~/platform/i18n/page-message";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { ApiError, notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { isRoleName, ROLES } from "~/features/users/roles";
import { AdminUserListQuery } from "~/features/users/contract.server";
import { USER_STATUSES } from "~/features/users/rules";
import { findUserDetailInOne, USER_SORT_COLUMNS, type UserSort } from "~/features/users/model.server";
import { adminUserJson } from "~/features/users/json.server";
import { getDb } from "~/platform/db.server";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import { getAdminUser, listAdminUsers, updateAdminUser } from "~/features/users/service.server";
import { spoofFormError, startSessionSpoof } from "~/features/users/spoof.server";
import { listTokensHeldBy } from "~/features/auth/tokens/service.server";
import { orNotFoundPage, pageErrorResponse } from "~/platform/page-errors.server";
import type { DirectoryFieldErrors, DirectoryFormResult } from "~/features/users/directory-form-types";
import { refusalKeyOf } from "~/platform/i18n/refusal-key";
import { DIRECTORY_PERSON_FIELDS, DIRECTORY_TEXT_FIELDS } from "~/features/users/directory-rules";
import {
  createDirectoryUser,
  deactivateDirectoryUser,
  reactivateDirectoryUser,
  updateDirectoryUser,
  type DirectoryFields,
} from "~/features/users/directory.server";

/**
 * Server side of the directory forms of /app/admin/users/new and /app/admin/users/{userId} (super admin; the routes
 * check): the form's fields as DirectoryFields, the core's refusals as field errors, and the toasts' messages.
 */

/** The form's text fields (role aside): email, name, the rules' free-text and people fields, start date, employee number. */
const FORM_KEYS = ["email", "name", ...DIRECTORY_TEXT_FIELDS, ...DIRECTORY_PERSON_FIELDS, "start_date", "employee_number"] as const;

/** The directory fields of a submitted form: every text field present (blank clears it); role when valid. */
export function directoryFormInput(form: FormData): DirectoryFields {
  const input: DirectoryFields = {};
  for (const key of FORM_KEYS) {
    const value = form.get(key);
    if (typeof value !== "string") continue;
    if (key === "email" || key === "name") input[key] = value;
    else input[key] = value.trim() === "" ? null : value;
  }
  const role = form.get("role");
  if (typeof role === "string" && role !== "") input.role = isRoleName(role) ? role : (role as never);
  return input;
}

/**
 * A refusal of the directory core as the form's errors, in keys (ADR 0108): under the field it names, else one
 * message; its `details.message_key`, else the generic "Could not save the user" — never the API's English.
 */
export function directoryFormFailure(err: unknown): { status: number; result: DirectoryFormResult } {
  if (err instanceof ApiError && err.status < 500) {
    const message = refusalKeyOf(err.details) ?? pageMessage("users.refusal.saveFailed");
    const field = (err.details as { field?: unknown } | null)?.field;
    const fieldErrors: DirectoryFieldErrors = typeof field === "string" ? { [field]: message } : {};
    const hasFields = Object.keys(fieldErrors).length > 0;
    return { status: err.status, result: { ok: false, intent: null, message: null, error: hasFields ? null : message, fieldErrors } };
  }
  throw err;
}

const failed = (err: unknown, intent: string) => {
  const { status, result } = directoryFormFailure(err);
  return data({ ...result, intent }, { status });
};

/** POST /app/admin/users/new: create, then the new user's page (which shows the "created" toast). */
export async function createUserFromForm(current: CurrentUser, form: FormData) {
  const input = directoryFormInput(form);
  try {
    const user = await createDirectoryUser(current.actor, { ...input, email: input.email ?? "", name: input.name ?? "" });
    return redirect(`/app/admin/users/${user.id}?created=1`);
  } catch (err) {
    return failed(err, "create");
  }
}

const StatusIntent = z.enum(["save", "deactivate", "reactivate"]);

/**
 * The user page's directory intents: save (every field of the details form), deactivate, reactivate. Null when the
 * form is for another intent (role, spoof, tokens: the route handles those).
 */
export async function userPageDirectoryAction(current: CurrentUser, id: number, form: FormData) {
  const parsed = StatusIntent.safeParse(form.get("intent"));
  if (!parsed.success) return null;
  const intent = parsed.data;
  try {
    if (intent === "deactivate") {
      const user = await deactivateDirectoryUser(current.actor, id);
      return { ok: true as const, intent, message: pageMessage("users.page.deactivated", { name: user.name }), error: null, fieldErrors: {} };
    }
    if (intent === "reactivate") {
      const user = await reactivateDirectoryUser(current.actor, id);
      return { ok: true as const, intent, message: pageMessage("users.page.reactivated", { name: user.name }), error: null, fieldErrors: {} };
    }
    const input = directoryFormInput(form);
    delete input.role; // the role has its own form
    await updateDirectoryUser(current.actor, id, input);
    return { ok: true as const, intent, message: pageMessage("users.page.updated"), error: null, fieldErrors: {} };
  } catch (err) {
    return failed(err, intent);
  }
}

/** The list's order from `?sort=`: a column, `-` before it for descending (`-email`); null (by name) for anything else. */
export function userSortOf(value: string | null): UserSort | null {
  const desc = value?.startsWith("-") ?? false;
  const column = desc ? value!.slice(1) : value;
  return (USER_SORT_COLUMNS as readonly string[]).includes(column ?? "") ? { column: column as UserSort["column"], desc } : null;
}

/** q, role[], status, page, page_size from the address (as GET /api/v1/admin/users reads them); anything invalid falls back to the defaults. */
export function userListQueryOf(url: URL) {
  const raw = {
    q: url.searchParams.get("q") ?? undefined,
    "role[]": url.searchParams.getAll("role[]").filter((r) => (ROLES as readonly string[]).includes(r)),
    status: url.searchParams.get("status") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
    page_size: url.searchParams.get("page_size") ?? undefined,
  };
  const parsed = AdminUserListQuery.safeParse(raw);
  return parsed.success
    ? parsed.data
    : AdminUserListQuery.parse({
        q: raw.q?.slice(0, 200),
        "role[]": raw["role[]"],
        status: (USER_STATUSES as readonly string[]).includes(raw.status ?? "") ? raw.status : undefined,
      });
}

/**
 * The data of /app/admin/users (super admin; the route checks): one page of the directory as the API lists it, filtered,
 * sorted and paged by the server (one statement; names in the reader's collation, ADR 0101), and the filters the page shows.
 */
export async function readUsersListPage(current: CurrentUser, request: Request) {
  const url = new URL(request.url);
  const query = userListQueryOf(url);
  const sort = userSortOf(url.searchParams.get("sort"));
  const list = await listAdminUsers(query, sort ?? undefined, (await requestPreferences(request)).language);
  return {
    ...list,
    selfId: current.user.id,
    q: query.q ?? "",
    roles: query["role[]"] ?? [],
    status: query.status,
    sort: sort ? `${sort.desc ? "-" : ""}${sort.column}` : null,
  };
}
export type UsersListPageData = Awaited<ReturnType<typeof readUsersListPage>>;

const SpoofForm = z.object({ intent: z.literal("spoof"), email: z.string().trim().min(1).max(320) });

/** "Spoof" in the list: view the product as that user (cookie session), then land on their home page; else an error. */
export async function usersListAction(current: CurrentUser, request: Request) {
  const parsed = SpoofForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: pageMessage("users.refusal.invalidRequest") }, { status: 400 });
  try {
    const { setCookie } = await startSessionSpoof(request, current, parsed.data.email);
    return redirect("/app/home", { headers: { "Set-Cookie": setCookie } });
  } catch (err) {
    const failure = spoofFormError(err);
    return data({ ok: false as const, error: failure.error }, { status: failure.status });
  }
}

/**
 * One user for /app/admin/users/{userId} (404 page when there is none) as GET /api/v1/admin/users/{id} answers them,
 * read in one statement, with their live API tokens (a second).
 */
export async function readUserPage(current: CurrentUser, id: number) {
  const row = await findUserDetailInOne(await getDb(), id);
  if (!row) throw pageErrorResponse(notFound("User not found"));
  return { user: adminUserJson(row), selfId: current.user.id, tokens: await listTokensHeldBy(id) };
}

const RoleOrSpoof = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), role: z.enum(ROLES, { error: "Choose a role" }) }),
  z.object({ intent: z.literal("spoof") }),
]);

/**
 * The user page's forms but the tokens' (the route asks the tokens feature first): save (every directory field but the
 * role), deactivate, reactivate (directory core, audited); role (audited user.update); spoof (view the product as this user).
 */
export async function userPageAction(current: CurrentUser, id: number, request: Request, fields: Record<string, FormDataEntryValue>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const directory = await userPageDirectoryAction(current, id, form);
  if (directory) return directory;
  const parsed = RoleOrSpoof.safeParse(fields);
  if (!parsed.success) return data({ ok: false as const, intent: null, error: pageMessage("users.refusal.chooseRole"), fieldErrors: {} }, { status: 400 });
  const choice = parsed.data;
  try {
    if (choice.intent === "spoof") {
      const user = await orNotFoundPage(() => getAdminUser(id));
      const { setCookie } = await startSessionSpoof(request, current, user.email);
      return redirect("/app/home", { headers: { "Set-Cookie": setCookie } });
    }
    const user = await updateAdminUser(current, id, { role: choice.role });
    return { ok: true as const, intent: choice.intent, message: pageMessage("users.page.roleChanged", { role: user.role }), error: null, fieldErrors: {} };
  } catch (err) {
    const failure = spoofFormError(err, choice.intent === "role" ? "users.refusal.saveFailed" : "users.spoofRefusal.failed");
    return data({ ok: false as const, intent: choice.intent, error: failure.error, fieldErrors: {} }, { status: failure.status });
  }
}
