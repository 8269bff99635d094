import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import type { SessionFieldErrors, SessionFormPageData, SetupActionResult } from "~/features/calibration/session-setup";
import { GuidelineFields, guidelineInputOf } from "~/features/calibration/components/session-guideline-fields";
import { ParticipantPicker } from "~/features/calibration/components/session-participant-picker";
import { SessionFormShell } from "~/features/calibration/components/session-form-shell";

/**
 * The session's create/edit form (intent "save"): name, participants, session admin, panelists, sign-off
 * party, guideline and deadline; or, once the session is no longer a draft, the deadline alone. The name,
 * people, deadline and buttons are the shared SessionFormShell's.
 */

export function SessionSetupForm({ data, result, busy }: { data: SessionFormPageData; result: SetupActionResult | undefined; busy: boolean }) {
  const s = data.session;
  const [participants, setParticipants] = useState<number[]>(() => (s ? data.pool.filter((p) => p.session?.id === s.id).map((p) => p.participant_id) : []));
  const [guideline, setGuideline] = useState(() => guidelineInputOf(s?.guideline ?? DEFAULT_GUIDELINE));
  const failed = result && !result.ok && result.intent === "save" ? result : null;
  const errors: SessionFieldErrors = failed?.fieldErrors ?? {};
  const { t } = useTranslation();
  const said = (messages: PageMessage[] | undefined) => (messages?.[0] ? messageText(t, messages[0]) : undefined);
  return (
    <SessionFormShell
      kind="rating"
      form={data}
      intent="save"
      formError={failed?.formError}
      errors={errors}
      busy={busy}
      members={<ParticipantPicker pool={data.pool} sessionId={s?.id ?? null} selected={participants} onChange={setParticipants} error={said(errors.participant_ids)} />}
      extra={<GuidelineFields value={guideline} onChange={setGuideline} serverError={said(errors.guideline)} />}
    />
  );
}
