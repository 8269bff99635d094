import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { SessionFormData, SessionFormResult } from "~/features/promotions/hr-page-types";
import { SessionFormShell } from "~/features/calibration/components/session-form-shell";
import { NominationChecklist } from "~/features/promotions/components/session-form-fields";

/**
 * The promotion session's create/edit form: name, nominations, session admin (optional), panelists, sign-off
 * party and deadline; once the session is no longer a draft, the deadline alone. Errors from the server's
 * validation show next to their fields, said in the reader's language (they come as keys, issue 28). The name,
 * people, deadline and buttons are calibration's SessionFormShell.
 */

export function PromotionSessionForm({ form, result, busy }: { form: SessionFormData; result: SessionFormResult | undefined; busy: boolean }) {
  const [nominations, setNominations] = useState<number[]>(form.selected);
  const { t } = useTranslation();
  const say = (m: PageMessage) => messageText(t, m);
  const errors: Partial<Record<string, string[]>> = Object.fromEntries(Object.entries(result?.fieldErrors ?? {}).map(([field, list]) => [field, (list ?? []).map(say)]));
  return (
    <SessionFormShell
      kind="promotion"
      form={form}
      formError={result?.formError ? say(result.formError) : result?.formError}
      errors={errors}
      busy={busy}
      members={<NominationChecklist pool={form.pool} selected={nominations} onChange={setNominations} error={errors.nomination_ids?.[0]} />}
    />
  );
}
