import { pageMessage } from "~/platform/i18n/page-message";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import { isRoleName } from "~/features/users/roles";
import type { DirectoryFieldErrors, DirectoryFormResult } from "~/features/users/directory-form-types";
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

/** A refusal of the directory core as the form's errors (the field it names, else one message). */
export function directoryFormFailure(err: unknown): { status: number; result: DirectoryFormResult } {
  if (err instanceof ApiError && err.status < 500) {
    const details = err.details as { field?: unknown; fieldErrors?: Record<string, string[]> } | null;
    const fieldErrors: DirectoryFieldErrors = {};
    if (typeof details?.field === "string") fieldErrors[details.field] = err.message;
    for (const [key, messages] of Object.entries(details?.fieldErrors ?? {})) if (messages[0]) fieldErrors[key] = messages[0];
    const hasFields = Object.keys(fieldErrors).length > 0;
    return { status: err.status, result: { ok: false, intent: null, message: null, error: hasFields ? null : err.message, fieldErrors } };
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
