import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { intentOf, orNotFoundPage, pageAction, pageIdParam } from "~/platform/page-errors.server";
import { privacyPanelData, startDataExport, startErasure } from "~/features/privacy/service.server";

/**
 * The "Personal data" card of the admin user page (ADR 0053), served by its own resource route
 * (/app/admin/users/{userId}/personal-data) so that the user page only mounts the component: GET its data, POST
 * intent=export (start an export) or intent=erase with confirm_email (start the erasure). Super admin only.
 */

const userIdOf = (params: LoaderFunctionArgs["params"]) => pageIdParam(params.userId, /^\d{1,9}$/);

export async function privacyPanelLoader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  return orNotFoundPage(() => privacyPanelData(id));
}

const ErasureForm = z.object({ confirm_email: z.string().trim().min(1, "Type the person's email to confirm").max(320) });

export async function privacyPanelAction({ request, params }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  // A body that is not a form (the forms post urlencoded) is an unknown action: 400, nothing started.
  const form = await request.formData().catch(() => new FormData());
  const intent = intentOf(form, ["export", "erase"] as const);
  return pageAction(intent, async () => {
    if (intent === "export") {
      const job = await startDataExport(current.actor, id);
      return `Export started (job ${job.id})`;
    }
    const { confirm_email } = ErasureForm.parse({ confirm_email: form.get("confirm_email") ?? "" });
    const job = await startErasure(current.actor, id, confirm_email);
    return `Erasure started (job ${job.id})`;
  });
}
