import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { intentOf, orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import { keyedAction, refusalExplained, type Explained } from "~/platform/keyed-action.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { privacyPanelData, startDataExport, startErasure } from "~/features/privacy/service.server";

/**
 * The "Personal data" card of the admin user page (ADR 0053), served by its own resource route
 * (/app/admin/users/{userId}/personal-data) so that the user page only mounts the component: GET its data, POST
 * intent=export (start an export) or intent=erase with confirm_email (start the erasure). Super admin only. The
 * action answers keys (ADR 0125): the started job, the service's refusal by its `message_key`, an empty email.
 */

const userIdOf = (params: LoaderFunctionArgs["params"]) => pageIdParam(params.userId, /^\d{1,9}$/);

export async function privacyPanelLoader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  return orNotFoundPage(() => privacyPanelData(id));
}

const ErasureForm = z.object({ confirm_email: z.string().trim().min(1).max(320) });

/** No email typed: "type the email"; one too long to be anyone's cannot match: "type it exactly". */
function explainErasure(err: Parameters<typeof refusalExplained>[0]): Explained | null {
  if (!(err instanceof z.ZodError)) return refusalExplained(err);
  const message = pageMessage(err.issues[0]?.code === "too_small" ? "privacy.result.typeEmail" : "privacy.result.mismatch");
  return { message, fieldErrors: { confirm_email: message } };
}

export async function privacyPanelAction({ request, params }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  // A body that is not a form (the forms post urlencoded) is an unknown action: 400, nothing started.
  const form = await request.formData().catch(() => new FormData());
  const intent = intentOf(form, ["export", "erase"] as const);
  return keyedAction(
    pageMessage("privacy.result.failed"),
    intent,
    async () => {
      if (intent === "export") {
        const job = await startDataExport(current.actor, id);
        return pageMessage("privacy.result.exportStarted", { id: job.id });
      }
      const { confirm_email } = ErasureForm.parse({ confirm_email: form.get("confirm_email") ?? "" });
      const job = await startErasure(current.actor, id, confirm_email);
      return pageMessage("privacy.result.erasureStarted", { id: job.id });
    },
    explainErasure,
  );
}
