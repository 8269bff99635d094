import type { Actor } from "~/platform/audit.server";
import { ApiError } from "~/platform/api.server";
import { pageMessage } from "~/platform/i18n/page-message";

import { checkQuestionnaireDraft, type JsonBuilderResult } from "~/features/questionnaires/validation";
import { saveQuestionnaire } from "~/features/questionnaires/service.server";

/**
 * The JSON builder page's save (POST /app/admin/cycles/{id}/json-builder): the form's `definition` (JSON text) and
 * `version` (the version the editor started from). The page hears every outcome as keys with values (ADR 0093): the
 * document's problems by the same rules as the API, the service's refusals by their reason, never its English.
 */
export async function saveBuilderQuestionnaire(actor: Actor, cycleId: number, form: FormData): Promise<{ status: number; result: JsonBuilderResult }> {
  const text = form.get("definition");
  const versionRaw = form.get("version");
  if (typeof text !== "string") return { status: 400, result: { ok: false, issues: [], formError: pageMessage("questionnaires.errors.nothing") } };
  const check = checkQuestionnaireDraft(text);
  if (!check.ok) return { status: 400, result: { ok: false, issues: check.issues, formError: null } };
  const expectedVersion = typeof versionRaw === "string" && /^\d+$/.test(versionRaw) ? Number(versionRaw) : undefined;
  try {
    const saved = await saveQuestionnaire(actor, cycleId, check.questionnaire, { expectedVersion });
    return { status: 200, result: { ok: true, version: saved.version } };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const details = (err.details ?? {}) as { reason?: string; version?: number };
    const formError =
      details.reason === "feedback_given"
        ? pageMessage("questionnaires.locked")
        : details.reason === "version_mismatch"
          ? pageMessage("questionnaires.errors.changed", { version: details.version ?? 0 })
          : pageMessage("questionnaires.errors.failed");
    return { status: err.status, result: { ok: false, issues: [], formError } };
  }
}
