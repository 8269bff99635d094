import { Form, Link as RemixLink } from "@remix-run/react";
import { Alert, Button, Divider, Paper, Stack, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { CALIBRATION_LIMITS, DEFAULT_GUIDELINE } from "~/features/calibration/rules";
import type { PersonJson } from "~/features/calibration/types";
import { isoToLocalInput, localInputToIso, type SessionFieldErrors, type SessionFormPageData, type SetupActionResult } from "~/features/calibration/session-setup";
import { GuidelineFields, guidelineInputOf } from "~/features/calibration/components/session-guideline-fields";
import { PeoplePicker, PersonPicker } from "~/features/calibration/components/session-people-pickers";
import { ParticipantPicker } from "~/features/calibration/components/session-participant-picker";

/**
 * The session's create/edit form (intent "save"): name, participants, session admin, panelists, sign-off
 * party, guideline and deadline; or, once the session is no longer a draft, the deadline alone.
 */

const first = (errors: SessionFieldErrors, key: keyof SessionFieldErrors) => errors[key]?.[0];

/**
 * The deadline in the browser's local time (set after hydration: the server does not know the time zone), posted
 * as ISO UTC in `deadline` next to the value it had (`deadline_before`) so an unchanged deadline is not sent.
 */
export function DeadlineField({ initialIso, error, disabled }: { initialIso: string | null; error?: string; disabled?: boolean }) {
  const [local, setLocal] = useState("");
  const [initialLocal, setInitialLocal] = useState("");
  useEffect(() => {
    const v = isoToLocalInput(initialIso);
    setLocal(v);
    setInitialLocal(v);
  }, [initialIso]);
  const iso = local !== "" && local === initialLocal ? (initialIso ?? "") : localInputToIso(local);
  return (
    <>
      <TextField
        type="datetime-local"
        label="Deadline"
        value={local}
        onChange={(e) => setLocal(e.target.value)}
        disabled={disabled}
        error={!!error}
        helperText={error ?? "In your local time. Reminders go out a day before and at the deadline; leave it empty for none."}
        sx={{ maxWidth: 320 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "session-deadline" } }}
      />
      <input type="hidden" name="deadline" value={iso} />
      <input type="hidden" name="deadline_before" value={initialIso ?? ""} />
    </>
  );
}

export function SessionSetupForm({ data, result, busy }: { data: SessionFormPageData; result: SetupActionResult | undefined; busy: boolean }) {
  const s = data.session;
  const [name, setName] = useState(s?.name ?? "");
  const [participants, setParticipants] = useState<number[]>(() => (s ? data.pool.filter((p) => p.session?.id === s.id).map((p) => p.participant_id) : []));
  const [admin, setAdmin] = useState<PersonJson | null>(s?.session_admin ?? null);
  const [panelists, setPanelists] = useState<PersonJson[]>(s?.panelists ?? []);
  const [signOff, setSignOff] = useState<PersonJson[]>(s?.sign_off_parties ?? []);
  const [guideline, setGuideline] = useState(() => guidelineInputOf(s?.guideline ?? DEFAULT_GUIDELINE));
  const failed = result && !result.ok && result.intent === "save" ? result : null;
  const errors: SessionFieldErrors = failed?.fieldErrors ?? {};
  const structure = data.structureEditable;

  return (
    <Form method="post" noValidate aria-label={s ? "Edit calibration session" : "Create calibration session"}>
      <input type="hidden" name="intent" value="save" />
      {structure && <input type="hidden" name="structure" value="1" />}
      <Stack spacing={3}>
        {failed?.formError && (
          <Alert severity="error" data-testid="session-form-error">
            {failed.formError}
          </Alert>
        )}
        {errors.form && (
          <Alert severity="error" data-testid="session-form-error">
            {errors.form.join(" ")}
          </Alert>
        )}
        {structure && (
          <>
            <TextField
              name="name"
              label="Session name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!first(errors, "name")}
              helperText={first(errors, "name")}
              sx={{ maxWidth: 520 }}
              slotProps={{ htmlInput: { maxLength: CALIBRATION_LIMITS.nameMax, "data-testid": "session-name" } }}
            />
            <ParticipantPicker pool={data.pool} sessionId={s?.id ?? null} selected={participants} onChange={setParticipants} error={first(errors, "participant_ids")} />
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={2} sx={{ maxWidth: 640 }}>
                <PersonPicker
                  name="session_admin_id"
                  label="Session admin"
                  value={admin}
                  onChange={setAdmin}
                  error={first(errors, "session_admin_id")}
                  helperText="Runs the session: changes ratings, moves participants, sends it for sign-off"
                  testId="session-admin-input"
                />
                <PeoplePicker
                  name="panelist_id"
                  label="Panelists"
                  value={panelists}
                  onChange={setPanelists}
                  error={first(errors, "panelist_ids")}
                  helperText="Propose ratings and comment"
                  testId="session-panelists-input"
                />
                <PeoplePicker
                  name="sign_off_id"
                  label="Sign-off party"
                  value={signOff}
                  onChange={setSignOff}
                  error={first(errors, "sign_off_ids")}
                  helperText="Approves the outcome or asks for a revision"
                  testId="session-sign-off-input"
                />
              </Stack>
            </Paper>
            <GuidelineFields value={guideline} onChange={setGuideline} serverError={first(errors, "guideline")} />
            <Divider />
          </>
        )}
        <DeadlineField key={s?.deadline ?? "none"} initialIso={s?.deadline ?? null} error={first(errors, "deadline")} disabled={!data.deadlineEditable} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy || (!structure && !data.deadlineEditable)} data-testid="session-save">
            {s ? (structure ? "Save" : "Save deadline") : "Create session"}
          </Button>
          <Button component={RemixLink} to={data.backTo} disabled={busy} data-testid="session-cancel">
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}
