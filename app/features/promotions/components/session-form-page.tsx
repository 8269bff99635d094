import { useActionData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Stack } from "~/platform/ui/static";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { peopleText, useDeadlineText } from "~/features/calibration/components/session-setup-parts";
import { SessionFormFrame, SessionStageNote, SessionSummary } from "~/features/calibration/components/session-form-frame";
import type { SessionFormData, SessionFormPage, SessionFormResult } from "~/features/promotions/hr-page-types";
import { PromotionSessionForm } from "~/features/promotions/components/session-form";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * /app/promotions/hr-partners/create-session?cycle_id= and /sessions/{id}/edit: a promotion session's form
 * (everything while a draft, then the deadline only). Loaders and actions: hr-partner-pages.server.ts. Static markup
 * (issue 27): the shared frame and form shell of calibration. In the reader's language (issue 28).
 */

function summaryRows(t: TFunction, deadline: (iso: string | null) => string, form: SessionFormData): Array<[string, string, string]> {
  const s = form.session!;
  const names = form.pool.filter((n) => form.selected.includes(n.id)).map((n) => n.nominee.name);
  return [
    [t("promotionsHr.form.summary.name"), s.name, "summary-name"],
    [t("promotionsHr.form.summary.nominations"), names.length ? names.join(", ") : String(s.nomination_count), "summary-nominations"],
    [t("promotionsHr.form.summary.sessionAdmin"), peopleText([s.session_admin]), "summary-session-admin"],
    [t("promotionsHr.form.summary.panelists"), peopleText(s.panelists), "summary-panelists"],
    [t("promotionsHr.form.summary.signOff"), peopleText(s.sign_off_parties), "summary-sign-off"],
    [t("promotionsHr.form.summary.deadline"), deadline(s.deadline), "summary-deadline"],
  ];
}

/** `mode`: the create page or the edit page (the heading says which). */
export function PromotionSessionFormPage({ data, mode }: { data: SessionFormPage; mode: "create" | "edit" }) {
  const { t } = useTranslation();
  const deadline = useDeadlineText();
  const title = t(mode === "create" ? "promotionsHr.form.createTitle" : "promotionsHr.form.editTitle");
  const result = useActionData<SessionFormResult>();
  const busy = useNavigation().state !== "idle";
  if (data.kind === "invalid") {
    return (
      <Stack spacing={3} className={css.page}>
        <CyclePageHeader title={title} cycles={data.cycles} selectedId={null} />
        <CycleMessage kind="invalid" message={t(data.cycles.length ? "promotionsHr.cycle.invalid" : "promotionsHr.cycle.none")} />
      </Stack>
    );
  }
  const { form } = data;
  const s = form.session;
  return (
    <SessionFormFrame backTo={form.backTo} backLabel={s ? s.name : t("promotionsHr.form.back")} title={title} state={s?.state ?? null} cycle={form.cycle}>
      <SessionStageNote
        session={s}
        structureEditable={form.structureEditable}
        stage={form.cycle.state}
        kind="promotion"
      />
      {s && !form.structureEditable && <SessionSummary rows={summaryRows(t, deadline, form)} />}
      {(form.structureEditable || (s && form.deadlineEditable)) && <PromotionSessionForm form={form} result={result} busy={busy} />}
    </SessionFormFrame>
  );
}
