import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { formatDateTime } from "~/platform/i18n/format";
import { useFormat } from "~/platform/i18n/reader-context";
import type { NudgeScheduleWhen } from "~/features/nudges/rules";

/**
 * The nudge pages' texts that the server writes in English, in the reader's language (issue 28): a schedule's
 * description, an instant of a schedule (in the schedule's own zone, named; a one-off schedule has none: the
 * reader's), and the form's refusals (each sentence of the action and the API's checks through its key).
 */

/** A schedule as text: "Once on {date, time, zone}" or "Cron '0 9 * * MON' (Europe/Berlin)". */
export function useScheduleText() {
  const { t } = useTranslation();
  const format = useFormat();
  const describe = useCallback(
    (s: NudgeScheduleWhen) => {
      if (s.kind === "once") return s.run_at ? t("nudges.schedule.once", { when: format.dateTime(s.run_at) }) : t("nudges.schedule.onceUndated");
      return t("nudges.schedule.cron", { cron: s.cron ?? "", zone: s.time_zone ?? "UTC" });
    },
    [t, format],
  );
  /** An instant of the schedule in its own zone (a recurring one's), the zone named; "—" for none. */
  const at = useCallback(
    (s: NudgeScheduleWhen, iso: string | null) =>
      iso ? formatDateTime(iso, { language: format.reader.language, timeZone: s.time_zone ?? format.reader.timeZone }) : "—",
    [format],
  );
  return { describe, at };
}

const EXACT: Record<string, TranslationKey> = {
  "Unknown schedule": "nudges.result.unknownSchedule",
  "Unknown action": "nudges.result.unknownAction",
  "Choose a date and time": "nudges.result.chooseDateTime",
  "Choose a valid date and time": "nudges.result.chooseValidDateTime",
  "Choose a time": "nudges.result.chooseTime",
  "Choose when to send the reminder": "nudges.result.chooseWhen",
  "at must be a date and time with its offset, e.g. 2026-12-01T09:00:00Z": "nudges.result.atFormat",
  "at must be at least a minute from now": "nudges.result.atLead",
  "cron is required": "nudges.result.cronRequired",
  "Use 5 fields: minute hour day-of-month month day-of-week (e.g. '0 9 * * MON')": "nudges.result.cronFields",
  "A nudge runs at most once an hour: the minute field must be one number from 0 to 59": "nudges.result.cronHourly",
  "time_zone must be an IANA time zone, e.g. Europe/Berlin": "nudges.result.timeZone",
  "The workflow service is unavailable; nothing was scheduled": "nudges.result.unavailable",
};

/** A sentence of the nudges action in the reader's language; an unknown one reads as "could not be scheduled". */
export function nudgeMessage(t: TFunction, message: string): string {
  const exact = EXACT[message];
  if (exact) return t(exact);
  // The cron check's details name a field and its value (rules.ts checkCron): kept as they are, inside the sentence.
  const cron = /^Invalid cron expression: (.+)$/.exec(message);
  if (cron) return t("nudges.result.cronInvalid", { problem: cron[1]! });
  return t("nudges.result.failed");
}

