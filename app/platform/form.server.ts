import { formFields, nulPath } from "~/platform/input";

/** The answer a page form with a NUL character in a field gets (ADR 0060): the 400 error page, nothing written. */
export const NUL_IN_FORM_TEXT = "Text may not contain NUL characters";

/**
 * A page action's submitted form, read once for every page (the input layer, ADR 0060): a field holding a NUL
 * character (PostgreSQL's text cannot store it) is refused with a 400 before any schema or service sees it.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData();
  if (nulPath(formFields(form)) !== null) throw new Response(NUL_IN_FORM_TEXT, { status: 400, statusText: NUL_IN_FORM_TEXT });
  return form;
}
