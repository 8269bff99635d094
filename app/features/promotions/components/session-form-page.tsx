import { useActionData, useNavigation } from "@remix-run/react";
import { Stack } from "~/platform/ui/static";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { deadlineText } from "~/features/calibration/session-setup";
import { peopleText } from "~/features/calibration/components/session-setup-parts";
import { SessionFormFrame, SessionStageNote, SessionSummary } from "~/features/calibration/components/session-form-frame";
import type { SessionFormData, SessionFormPage, SessionFormResult } from "~/features/promotions/hr-page-types";
import { PromotionSessionForm } from "~/features/promotions/components/session-form";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * /app/promotions/hr-partners/create-session?cycle_id= and /sessions/{id}/edit: a promotion session's form
 * (everything while a draft, then the deadline only). Loaders and actions: hr-partner-pages.server.ts. Static markup
 * (issue 27): the shared frame and form shell of calibration.
 */

function summaryRows(form: SessionFormData): Array<[string, string, string]> {
  const s = form.session!;
  const names = form.pool.filter((n) => form.selected.includes(n.id)).map((n) => n.nominee.name);
  return [
    ["Name", s.name, "summary-name"],
    ["Nominations", names.length ? names.join(", ") : String(s.nomination_count), "summary-nominations"],
    ["Session admin", peopleText([s.session_admin]), "summary-session-admin"],
    ["Panelists", peopleText(s.panelists), "summary-panelists"],
    ["Sign-off party", peopleText(s.sign_off_parties), "summary-sign-off"],
    ["Deadline", deadlineText(s.deadline), "summary-deadline"],
  ];
}

export function PromotionSessionFormPage({ data, title }: { data: SessionFormPage; title: string }) {
  const result = useActionData<SessionFormResult>();
  const busy = useNavigation().state !== "idle";
  if (data.kind === "invalid") {
    return (
      <Stack spacing={3} className={css.page}>
        <CyclePageHeader title={title} cycles={data.cycles} selectedId={null} />
        <CycleMessage kind="invalid" message={data.message} />
      </Stack>
    );
  }
  const { form } = data;
  const s = form.session;
  return (
    <SessionFormFrame backTo={form.backTo} backLabel={s ? s.name : "Run Promotion Calibration Session"} title={title} state={s?.state ?? null} cycle={form.cycle}>
      <SessionStageNote
        session={s}
        structureEditable={form.structureEditable}
        stageLabel={form.cycle.stage_label}
        kind="promotion"
        fixed="name, nominations and people"
      />
      {s && !form.structureEditable && <SessionSummary rows={summaryRows(form)} />}
      {(form.structureEditable || (s && form.deadlineEditable)) && <PromotionSessionForm form={form} result={result} busy={busy} />}
    </SessionFormFrame>
  );
}
