/** What starting a cycle does (start-preview.server.ts reads it), for the Start Cycle confirmation (ADR 0059). */
export type StartPreview = { participants: number; receivingFeedback: number; reminderSchedules: number };

/** The confirmation's text (plural forms spelled out; the dialog's test reads it). */
export function startConfirmationText(name: string, p: StartPreview, currentName: string | null): string[] {
  const people = (n: number) => `${n} ${n === 1 ? "participant" : "participants"}`;
  const lines = [
    `${people(p.participants)} (${p.receivingFeedback} receiving feedback) will see “${name}” and can choose their peers and stakeholders.`,
    p.reminderSchedules === 0
      ? "Nobody is emailed now, and this cycle has no reminder schedules."
      : `Nobody is emailed now; ${p.reminderSchedules} reminder ${p.reminderSchedules === 1 ? "schedule" : "schedules"} of this cycle will email people with pending work at ${p.reminderSchedules === 1 ? "its" : "their"} times.`,
    currentName
      ? `The current cycle stays “${currentName}”: pages still open it when the address names no cycle.`
      : "No current cycle is chosen: pages open the first cycle of the list, which may become this one. Choose one with Make current.",
  ];
  return lines;
}
