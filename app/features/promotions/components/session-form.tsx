import { Form, Link as RemixLink } from "@remix-run/react";
import { Alert, Button, Divider, Paper, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import type { PersonJson } from "~/features/promotions/types";
import type { PromotionFieldErrors, SessionFormData, SessionFormResult } from "~/features/promotions/hr-page-types";
import { DeadlineField } from "~/features/calibration/components/session-setup-form";
import { PeoplePicker, PersonPicker } from "~/features/calibration/components/session-people-pickers";
import { NominationChecklist } from "~/features/promotions/components/session-form-fields";

/**
 * The promotion session's create/edit form: name, nominations, session admin (optional), panelists, sign-off
 * party and deadline; once the session is no longer a draft, the deadline alone. Errors from the server's
 * validation show next to their fields.
 */

const first = (errors: PromotionFieldErrors, key: keyof PromotionFieldErrors) => errors[key]?.[0];

export function PromotionSessionForm({ form, result, busy }: { form: SessionFormData; result: SessionFormResult | undefined; busy: boolean }) {
  const s = form.session;
  const [name, setName] = useState(s?.name ?? "");
  const [nominations, setNominations] = useState<number[]>(form.selected);
  const [admin, setAdmin] = useState<PersonJson | null>(s?.session_admin ?? null);
  const [panelists, setPanelists] = useState<PersonJson[]>(s?.panelists ?? []);
  const [signOff, setSignOff] = useState<PersonJson[]>(s?.sign_off_parties ?? []);
  const errors: PromotionFieldErrors = result?.fieldErrors ?? {};
  const structure = form.structureEditable;
  return (
    <Form method="post" noValidate aria-label={s ? "Edit promotion session" : "Create promotion session"}>
      {structure && <input type="hidden" name="structure" value="1" />}
      <Stack spacing={3}>
        {result?.formError && (
          <Alert severity="error" data-testid="session-form-error">
            {result.formError}
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
            <NominationChecklist pool={form.pool} selected={nominations} onChange={setNominations} error={first(errors, "nomination_ids")} />
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={2} sx={{ maxWidth: 640 }}>
                <PersonPicker
                  name="session_admin_id"
                  label="Session admin"
                  required={false}
                  value={admin}
                  onChange={setAdmin}
                  error={first(errors, "session_admin_id")}
                  helperText="Optional: runs the session with you (asks endorsers, decides, sends it for sign-off)"
                  testId="session-admin-input"
                />
                <PeoplePicker
                  name="panelist_id"
                  label="Panelists"
                  value={panelists}
                  onChange={setPanelists}
                  error={first(errors, "panelist_ids")}
                  helperText="Read the nominations and endorsements, vote and comment"
                  testId="session-panelists-input"
                />
                <PeoplePicker
                  name="sign_off_id"
                  label="Sign-off party"
                  value={signOff}
                  onChange={setSignOff}
                  error={first(errors, "sign_off_ids")}
                  helperText="Approves the outcome or sends it back"
                  testId="session-sign-off-input"
                />
              </Stack>
            </Paper>
            <Divider />
          </>
        )}
        <DeadlineField key={s?.deadline ?? "none"} initialIso={s?.deadline ?? null} error={first(errors, "deadline")} disabled={!form.deadlineEditable} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy || (!structure && !form.deadlineEditable)} data-testid="session-save">
            {s ? (structure ? "Save" : "Save deadline") : "Create session"}
          </Button>
          <Button component={RemixLink} to={form.backTo} disabled={busy} data-testid="session-cancel">
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}
