import { Form } from "@remix-run/react";
import { Box, Button, Stack } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormLabel, NativeSelect, Radio, RadioGroup, TextField } from "~/platform/ui/static-form";
import css from "~/features/nudges/components/nudges.module.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NudgeActionResult, NudgeFrequency } from "~/features/nudges/rules";
import { nudgeMessage } from "~/features/nudges/components/schedule-text";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The nudges page's form (ADR 0019): send a reminder now, once at a date and time (the browser's
 * local time, with its offset), or on a recurring schedule (presets or a cron expression in a time zone).
 * It posts intent "create" to the page's action (app/features/nudges/pages.server.ts).
 */

const WEEKDAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const;
const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], TranslationKey> = {
  MON: "nudges.form.weekday.MON",
  TUE: "nudges.form.weekday.TUE",
  WED: "nudges.form.weekday.WED",
  THU: "nudges.form.weekday.THU",
  FRI: "nudges.form.weekday.FRI",
  SAT: "nudges.form.weekday.SAT",
  SUN: "nudges.form.weekday.SUN",
};

export function NudgeScheduleForm({ result, busy }: { result: NudgeActionResult | undefined; busy: boolean }) {
  const failed = result && !result.ok && result.intent === "create" ? result : null;
  const prev = failed?.values ?? {};
  const [when, setWhen] = useState<string>(prev.when ?? "now");
  const [frequency, setFrequency] = useState<NudgeFrequency>((prev.frequency as NudgeFrequency) ?? "weekdays");
  const [weekday, setWeekday] = useState<string>(prev.weekday ?? "MON");
  const [offset, setOffset] = useState("0");
  const [timeZone, setTimeZone] = useState(prev.time_zone ?? "UTC");
  useEffect(() => {
    setOffset(String(new Date().getTimezoneOffset()));
    if (!prev.time_zone) setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // After a successful schedule, start over with "now".
  useEffect(() => {
    if (result?.ok && result.intent === "create") setWhen("now");
  }, [result]);
  const { t } = useTranslation();
  // The server's English field errors, each through its key (./schedule-text.ts).
  const err = (field: string) => failed?.fieldErrors[field]?.map((m) => nudgeMessage(t, m)).join(" ");
  return (
    <Form method="post" noValidate data-testid="nudge-form">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="tz_offset" value={offset} />
      <Stack spacing={2}>
        <FormControl>
          <FormLabel component="span" id="nudge-when-label">
            {t("nudges.form.when")}
          </FormLabel>
          <RadioGroup aria-labelledby="nudge-when-label" name="when" value={when} onChange={(_, value) => setWhen(value)} row>
            <FormControlLabel value="now" control={<Radio />} label={t("nudges.form.now")} />
            <FormControlLabel value="at" control={<Radio />} label={t("nudges.form.at")} />
            <FormControlLabel value="recurring" control={<Radio />} label={t("nudges.form.recurring")} />
          </RadioGroup>
        </FormControl>
        {when === "at" && (
          <TextField
            name="at_local"
            label={t("nudges.form.atLocal")}
            type="datetime-local"
            defaultValue={prev.at_local ?? ""}
            error={!!err("at")}
            helperText={err("at") ?? t("nudges.form.atHelp")}
            inputProps={{ "data-testid": "nudge-at" }}
            className={css.w320}
          />
        )}
        {when === "recurring" && (
          <Stack spacing={2} className={css.w520}>
            <NativeSelect
              id="nudge-frequency"
              label={t("nudges.form.repeat")}
              name="frequency"
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as NudgeFrequency)}
              options={[
                { value: "daily", label: t("nudges.form.daily") },
                { value: "weekdays", label: t("nudges.form.weekdays") },
                { value: "weekly", label: t("nudges.form.weekly") },
                { value: "custom", label: t("nudges.form.custom") },
              ]}
              inputProps={{ "data-testid": "nudge-frequency" }}
              className={css.w320}
            />
            {frequency === "weekly" && (
              <NativeSelect
                id="nudge-weekday"
                label={t("nudges.form.day")}
                name="weekday"
                value={weekday}
                onChange={(e) => setWeekday(e.target.value)}
                options={WEEKDAYS.map((d) => ({ value: d, label: t(WEEKDAY_LABELS[d]) }))}
                className={css.w320}
              />
            )}
            {frequency === "custom" ? (
              <TextField
                name="cron"
                label={t("nudges.form.cron")}
                defaultValue={prev.cron ?? ""}
                error={!!err("cron")}
                helperText={err("cron") ?? t("nudges.form.cronHelp")}
                inputProps={{ "data-testid": "nudge-cron" }}
              />
            ) : (
              <TextField
                name="time"
                label={t("nudges.form.time")}
                type="time"
                defaultValue={prev.time ?? "09:00"}
                error={!!err("time") || !!err("cron")}
                helperText={err("time") ?? err("cron")}
                inputProps={{ "data-testid": "nudge-time" }}
                className={css.w200}
              />
            )}
            <TextField
              name="time_zone"
              label={t("nudges.form.timeZone")}
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              error={!!err("time_zone")}
              helperText={err("time_zone") ?? t("nudges.form.timeZoneHelp")}
              inputProps={{ "data-testid": "nudge-time-zone" }}
              className={css.w320}
            />
          </Stack>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="nudge-submit">
            {when === "now" ? t("nudges.form.sendNow") : t("nudges.form.schedule")}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
