import { useState } from "react";
import type { PromotionFieldErrors, SessionFormData, SessionFormResult } from "~/features/promotions/hr-page-types";
import { SessionFormShell } from "~/features/calibration/components/session-form-shell";
import { NominationChecklist } from "~/features/promotions/components/session-form-fields";

/**
 * The promotion session's create/edit form: name, nominations, session admin (optional), panelists, sign-off
 * party and deadline; once the session is no longer a draft, the deadline alone. Errors from the server's
 * validation show next to their fields. The name, people, deadline and buttons are calibration's SessionFormShell.
 */

export function PromotionSessionForm({ form, result, busy }: { form: SessionFormData; result: SessionFormResult | undefined; busy: boolean }) {
  const [nominations, setNominations] = useState<number[]>(form.selected);
  const errors: PromotionFieldErrors = result?.fieldErrors ?? {};
  return (
    <SessionFormShell
      kind="promotion"
      form={form}
      formError={result?.formError}
      errors={errors}
      busy={busy}
      members={<NominationChecklist pool={form.pool} selected={nominations} onChange={setNominations} error={errors.nomination_ids?.[0]} />}
    />
  );
}
