import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { z } from "zod";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { isActive, PageLinks, useJobPolling } from "~/features/jobs/components/job-views";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { NudgeJobsTable, ScheduleStatusChip, whenUtc, type NudgeJobView, type NudgeScheduleView } from "~/features/nudges/nudge-views";
import { NudgeCreateBodySchema } from "~/features/nudges/contract.server";
import type { CycleStage } from "~/features/cycles/rules";
import { requireAdminCycle } from "~/features/cycles/pages.server";
import { ApiError } from "~/platform/api.server";
import { PageQuerySchema } from "~/features/jobs/service.server";
import { mailEnabled } from "~/platform/mailer.server";
import { cancelNudgeSchedule, createNudgeSchedule, listNudgeJobs, listNudgeSchedules, sendNudgeNow } from "~/features/nudges/service.server";
import { pendingWorkDescription, pendingWorkRecipients } from "~/features/nudges/pending-work.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Nudges - ${data?.cycle.name ?? "Cycle"} - PMR` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const url = new URL(request.url);
  const parsed = PageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined, page_size: url.searchParams.get("page_size") ?? undefined });
  const query = parsed.success ? parsed.data : { page: 1, page_size: 25 };
  const [{ jobs, total }, schedules, pending] = await Promise.all([
    listNudgeJobs(cycle.id, query),
    listNudgeSchedules(cycle.id),
    pendingWorkRecipients(cycle.id),
  ]);
  return {
    cycle,
    jobs,
    total,
    page: query.page,
    pageSize: query.page_size,
    schedules,
    pendingCount: pending.length,
    description: pendingWorkDescription(cycle.state as CycleStage),
    emailOn: mailEnabled(),
  };
}

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
const FREQUENCIES = ["daily", "weekdays", "weekly", "custom"] as const;
type Frequency = (typeof FREQUENCIES)[number];

type ActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; formError: string | null; fieldErrors: Record<string, string[]>; values: Record<string, string> };

function fail(intent: string, status: number, formError: string | null, fieldErrors: Record<string, string[]>, values: Record<string, string>) {
  return data<ActionResult>({ ok: false, intent, formError, fieldErrors, values }, { status });
}

/** A datetime-local value ("2026-12-01T09:00") in the browser's offset (minutes, as Date#getTimezoneOffset) → ISO UTC. */
function localToIso(local: string, offsetMinutes: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) + offsetMinutes * 60_000;
  return Number.isFinite(utc) ? new Date(utc).toISOString() : null;
}

/** The form's recurring fields → a cron expression (presets) or the custom one. */
function cronOf(values: Record<string, string>): string {
  const frequency = (values.frequency ?? "daily") as Frequency;
  if (frequency === "custom") return values.cron ?? "";
  const t = /^(\d{2}):(\d{2})$/.exec(values.time ?? "");
  if (!t) return "";
  const minute = Number(t[2]);
  const hour = Number(t[1]);
  if (frequency === "weekdays") return `${minute} ${hour} * * MON-FRI`;
  if (frequency === "weekly") return `${minute} ${hour} * * ${values.weekday || "MON"}`;
  return `${minute} ${hour} * * *`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
  const intent = values.intent ?? "";
  try {
    if (intent === "cancel") {
      const id = Number(values.schedule_id);
      if (!Number.isInteger(id) || id <= 0) return fail(intent, 400, "Unknown schedule", {}, values);
      const schedule = await cancelNudgeSchedule(current.actor, cycle.id, id);
      return data<ActionResult>({ ok: true, intent, message: `Schedule cancelled: ${schedule.description}` });
    }
    if (intent !== "create") return fail(intent, 400, "Unknown action", {}, values);
    const when = values.when ?? "now";
    if (when === "now") {
      const job = await sendNudgeNow(current.actor, cycle.id);
      return redirect(`/app/admin/cycles/${cycle.id}/nudges/${job.id}`);
    }
    let body: unknown;
    if (when === "at") {
      if (!values.at_local) return fail(intent, 400, null, { at: ["Choose a date and time"] }, values);
      const iso = localToIso(values.at_local, Number(values.tz_offset || "0") || 0);
      if (!iso) return fail(intent, 400, null, { at: ["Choose a valid date and time"] }, values);
      body = { when: "at", at: iso };
    } else if (when === "recurring") {
      if ((values.frequency ?? "daily") !== "custom" && !/^\d{2}:\d{2}$/.test(values.time ?? "")) {
        return fail(intent, 400, null, { time: ["Choose a time"] }, values);
      }
      body = { when: "recurring", cron: cronOf(values), time_zone: values.time_zone || "UTC" };
    } else {
      return fail(intent, 400, "Choose when to send the reminder", {}, values);
    }
    const parsed = NudgeCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      const flat = z.flattenError(parsed.error);
      return fail(intent, 400, flat.formErrors[0] ?? null, flat.fieldErrors as Record<string, string[]>, values);
    }
    const input = parsed.data;
    const schedule =
      input.when === "at"
        ? await createNudgeSchedule(current.actor, cycle.id, { kind: "once", at: new Date(input.at) })
        : input.when === "recurring"
          ? await createNudgeSchedule(current.actor, cycle.id, { kind: "recurring", cron: input.cron, timeZone: input.time_zone })
          : null;
    return data<ActionResult>({ ok: true, intent, message: `Nudge scheduled: ${schedule?.description ?? ""}` });
  } catch (err) {
    if (err instanceof ApiError) return fail(intent, err.status, err.message, {}, values);
    throw err;
  }
}

function ScheduleForm({ result, busy }: { result: ActionResult | undefined; busy: boolean }) {
  const failed = result && !result.ok && result.intent === "create" ? result : null;
  const prev = failed?.values ?? {};
  const [when, setWhen] = useState<string>(prev.when ?? "now");
  const [frequency, setFrequency] = useState<Frequency>((prev.frequency as Frequency) ?? "weekdays");
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
                onChange={(e) => setFrequency(e.target.value as Frequency)}
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

function SchedulesTable({ schedules, busy }: { schedules: NudgeScheduleView[]; busy: boolean }) {
  const [confirm, setConfirm] = useState<NudgeScheduleView | null>(null);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") setConfirm(null);
  }, [navigation.state]);
  return (
    <>
      <OutlinedTable
        testId="schedules-table"
        empty={schedules.length === 0}
        emptyText="No schedules."
        emptyTestId="schedules-empty"
        head={
          <>
            <TableCell>Schedule</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Next run</TableCell>
            <TableCell align="right">Runs</TableCell>
            <TableCell>Last run</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell />
          </>
        }
      >
        {schedules.map((s) => (
          <TableRow key={s.id} data-testid="schedule-row">
            <TableCell>
              {s.description}
              <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {s.schedule_id}
              </Typography>
            </TableCell>
            <TableCell>
              <ScheduleStatusChip status={s.status} />
            </TableCell>
            <TableCell>{whenUtc(s.next_run_at)}</TableCell>
            <TableCell align="right">{s.runs}</TableCell>
            <TableCell>{whenUtc(s.last_run_at)}</TableCell>
            <TableCell>{s.created_by?.name ?? "—"}</TableCell>
            <TableCell align="right">
              {s.status !== "cancelled" && (
                <Button size="small" color="error" disabled={busy} onClick={() => setConfirm(s)} data-testid="schedule-cancel">
                  Cancel
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
      <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} data-testid="schedule-cancel-dialog">
        <DialogTitle>Cancel schedule</DialogTitle>
        <DialogContent>
          <DialogContentText>Cancel '{confirm?.description}'? It will not send any more reminders.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} disabled={busy}>
            Keep it
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="schedule_id" value={confirm?.id ?? ""} />
            <Button type="submit" color="error" variant="contained" disabled={busy} data-testid="schedule-cancel-confirm">
              Cancel schedule
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </>
  );
}

export default function Nudges() {
  const { cycle, jobs, total, page, pageSize, schedules, pendingCount, description, emailOn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  useJobPolling((jobs as NudgeJobView[]).some(isActive));
  useEffect(() => {
    if (result?.ok) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);
  const formError = result && !result.ok ? result.formError : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader cycle={cycle} title="Nudges" />
      <Paper variant="outlined" sx={{ p: 2, mb: 3, maxWidth: 900 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            Remind people with pending work
          </Typography>
          <Typography data-testid="nudge-description">{description}</Typography>
          <Typography data-testid="nudge-pending-count">
            {pendingCount === 1 ? "1 person has" : `${pendingCount} people have`} pending work in this stage right now. A scheduled nudge reminds
            whoever has pending work in the stage the cycle is in when it runs.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each reminder is an in-app notification{emailOn ? " and an email." : ". Email is off (SMTP_URL is not set)."}
          </Typography>
          {formError && (
            <Alert severity="error" data-testid="nudge-form-error">
              {formError}
            </Alert>
          )}
          <ScheduleForm result={result} busy={busy} />
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Schedules
      </Typography>
      <Box sx={{ mb: 3 }}>
        <SchedulesTable schedules={schedules as NudgeScheduleView[]} busy={busy} />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Nudge jobs
      </Typography>
      <NudgeJobsTable jobs={jobs as NudgeJobView[]} cycleId={cycle.id} />
      <PageLinks total={total} page={page} pageSize={pageSize} testId="jobs-pages" />
    </Box>
  );
}
