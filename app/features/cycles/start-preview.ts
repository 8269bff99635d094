import type { PageMessage } from "~/platform/i18n/page-message";
/** What starting a cycle does (start-preview.server.ts reads it), for the Start Cycle confirmation (ADR 0059). */
export type StartPreview = { participants: number; receivingFeedback: number; reminderSchedules: number };

/** The confirmation's lines as translation keys with values (plurals by count; the dialog's test reads them). PURE. */
export function startConfirmationText(name: string, p: StartPreview, currentName: string | null): PageMessage[] {
  return [
    { key: "cyclesAdmin.list.preview.people", values: { count: p.participants, receiving: p.receivingFeedback, name } },
    p.reminderSchedules === 0 ? { key: "cyclesAdmin.list.preview.noSchedules" } : { key: "cyclesAdmin.list.preview.schedules", values: { count: p.reminderSchedules } },
    currentName ? { key: "cyclesAdmin.list.preview.current", values: { name: currentName } } : { key: "cyclesAdmin.list.preview.noCurrent" },
  ];
}
