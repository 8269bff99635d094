import { Form } from "@remix-run/react";
import { Box, Button, FormControl, FormControlLabel, FormLabel, InputLabel, MenuItem, Radio, RadioGroup, Select, Stack, TextField } from "@mui/material";
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
          <FormLabel id="nudge-when-label">{t("nudges.form.when")}</FormLabel>
          <RadioGroup aria-labelledby="nudge-when-label" name="when" value={when} onChange={(e) => setWhen(e.target.value)} row>
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
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "nudge-at" } }}
            sx={{ maxWidth: 320 }}
          />
        )}
        {when === "recurring" && (
          <Stack spacing={2} sx={{ maxWidth: 520 }}>
            <FormControl sx={{ maxWidth: 320 }}>
              <InputLabel id="nudge-frequency-label">{t("nudges.form.repeat")}</InputLabel>
              <Select
                labelId="nudge-frequency-label"
                label={t("nudges.form.repeat")}
                name="frequency"
                value={frequency}
                onChange={(e) => setFrequency(e.target.value as NudgeFrequency)}
                data-testid="nudge-frequency"
              >
                <MenuItem value="daily">{t("nudges.form.daily")}</MenuItem>
                <MenuItem value="weekdays">{t("nudges.form.weekdays")}</MenuItem>
                <MenuItem value="weekly">{t("nudges.form.weekly")}</MenuItem>
                <MenuItem value="custom">{t("nudges.form.custom")}</MenuItem>
              </Select>
            </FormControl>
            {frequency === "weekly" && (
              <FormControl sx={{ maxWidth: 320 }}>
                <InputLabel id="nudge-weekday-label">{t("nudges.form.day")}</InputLabel>
                <Select labelId="nudge-weekday-label" label={t("nudges.form.day")} name="weekday" value={weekday} onChange={(e) => setWeekday(e.target.value)}>
                  {WEEKDAYS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {t(WEEKDAY_LABELS[d])}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
            {frequency === "custom" ? (
              <TextField
                name="cron"
                label={t("nudges.form.cron")}
                defaultValue={prev.cron ?? ""}
                error={!!err("cron")}
                helperText={err("cron") ?? t("nudges.form.cronHelp")}
                slotProps={{ htmlInput: { "data-testid": "nudge-cron" } }}
              />
            ) : (
              <TextField
                name="time"
                label={t("nudges.form.time")}
                type="time"
                defaultValue={prev.time ?? "09:00"}
                error={!!err("time") || !!err("cron")}
                helperText={err("time") ?? err("cron")}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "nudge-time" } }}
                sx={{ maxWidth: 200 }}
              />
            )}
            <TextField
              name="time_zone"
              label={t("nudges.form.timeZone")}
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              error={!!err("time_zone")}
              helperText={err("time_zone") ?? t("nudges.form.timeZoneHelp")}
              slotProps={{ htmlInput: { "data-testid": "nudge-time-zone" } }}
              sx={{ maxWidth: 320 }}
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
