import { Form } from "@remix-run/react";
import { Box, Button, FormControl, FormControlLabel, FormLabel, InputLabel, MenuItem, Radio, RadioGroup, Select, Stack, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import type { NudgeActionResult, NudgeFrequency } from "~/features/nudges/rules";

/**
 * The nudges page's form (ADR 0019): send a reminder now, once at a date and time (the browser's
 * local time, with its offset), or on a recurring schedule (presets or a cron expression in a time zone).
 * It posts intent "create" to the page's action (app/features/nudges/pages.server.ts).
 */

const WEEKDAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const;
const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  MON: "Monday",
  TUE: "Tuesday",
  WED: "Wednesday",
  THU: "Thursday",
  FRI: "Friday",
  SAT: "Saturday",
  SUN: "Sunday",
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
  const err = (field: string) => failed?.fieldErrors[field]?.join(" ");
  return (
    <Form method="post" noValidate data-testid="nudge-form">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="tz_offset" value={offset} />
      <Stack spacing={2}>
        <FormControl>
          <FormLabel id="nudge-when-label">When</FormLabel>
          <RadioGroup aria-labelledby="nudge-when-label" name="when" value={when} onChange={(e) => setWhen(e.target.value)} row>
            <FormControlLabel value="now" control={<Radio />} label="Now" />
            <FormControlLabel value="at" control={<Radio />} label="At a date and time" />
            <FormControlLabel value="recurring" control={<Radio />} label="On a recurring schedule" />
          </RadioGroup>
        </FormControl>
        {when === "at" && (
          <TextField
            name="at_local"
            label="Date and time (your local time)"
            type="datetime-local"
            defaultValue={prev.at_local ?? ""}
            error={!!err("at")}
            helperText={err("at") ?? "Sent once at this time"}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "nudge-at" } }}
            sx={{ maxWidth: 320 }}
          />
        )}
        {when === "recurring" && (
          <Stack spacing={2} sx={{ maxWidth: 520 }}>
            <FormControl sx={{ maxWidth: 320 }}>
              <InputLabel id="nudge-frequency-label">Repeat</InputLabel>
              <Select
                labelId="nudge-frequency-label"
                label="Repeat"
                name="frequency"
                value={frequency}
                onChange={(e) => setFrequency(e.target.value as NudgeFrequency)}
                data-testid="nudge-frequency"
              >
                <MenuItem value="daily">Every day</MenuItem>
                <MenuItem value="weekdays">Every weekday (Monday to Friday)</MenuItem>
                <MenuItem value="weekly">Every week</MenuItem>
                <MenuItem value="custom">Custom (cron expression)</MenuItem>
              </Select>
            </FormControl>
            {frequency === "weekly" && (
              <FormControl sx={{ maxWidth: 320 }}>
                <InputLabel id="nudge-weekday-label">Day</InputLabel>
                <Select labelId="nudge-weekday-label" label="Day" name="weekday" value={weekday} onChange={(e) => setWeekday(e.target.value)}>
                  {WEEKDAYS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {WEEKDAY_LABELS[d]}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
            {frequency === "custom" ? (
              <TextField
                name="cron"
                label="Cron expression"
                defaultValue={prev.cron ?? ""}
                error={!!err("cron")}
                helperText={err("cron") ?? "minute hour day-of-month month day-of-week, at most hourly, e.g. 0 9 * * MON"}
                slotProps={{ htmlInput: { "data-testid": "nudge-cron" } }}
              />
            ) : (
              <TextField
                name="time"
                label="Time"
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
              label="Time zone"
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              error={!!err("time_zone")}
              helperText={err("time_zone") ?? "IANA name, e.g. Europe/Berlin"}
              slotProps={{ htmlInput: { "data-testid": "nudge-time-zone" } }}
              sx={{ maxWidth: 320 }}
            />
          </Stack>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="nudge-submit">
            {when === "now" ? "Send now" : "Schedule"}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
