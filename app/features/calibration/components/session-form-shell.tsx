import { Form } from "@remix-run/react";
import { Alert, Button, ButtonLink, Divider, Paper, Stack } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import css from "~/features/calibration/components/session-pages.module.css";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import type { PersonJson } from "~/features/calibration/types";
import { DEFAULT_DEADLINE_TIME, isoToLocalInput, localInputToIso } from "~/features/calibration/session-setup";
import { PeoplePicker, PersonPicker } from "~/features/calibration/components/session-people-pickers";
import { setupText } from "~/features/calibration/components/session-setup-parts";

/**
 * What the create/edit forms of a rating and a promotion calibration session share: the form errors, the name,
 * the people (session admin, panelists, sign-off party), the deadline and the buttons. The feature passes
 * the session's `kind` (the people's help texts; a promotion session's admin is optional), what it puts in
 * the session (`members`: participants or nominations) and anything after the people (`extra`, e.g. the
 * rating guideline). Once the session is no longer a draft (`structureEditable` false), the deadline alone.
 * In the reader's language (issue 28): errors come as keys and values (a plain text from a page not moved yet is shown as it is).
 */

/**
 * The deadline in the browser's local time (set after hydration: the server does not know the time zone): a date
 * and an optional time (a date typed alone means the end of that day, DEFAULT_DEADLINE_TIME; one datetime-local
 * field had no value until its time was typed too, and saved "No deadline"; issue 26 §6), posted as ISO UTC in
 * `deadline` next to the value it had (`deadline_before`) so an unchanged deadline is not sent.
 */
export function DeadlineField({ initialIso, error, disabled }: { initialIso: string | null; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [initialLocal, setInitialLocal] = useState("");
  // Until the person changes the date or the time, the form posts the deadline it had: the fields are empty in the
  // server's markup and until hydration, and a form saved then (a rename before the page is interactive) cleared it.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    const v = isoToLocalInput(initialIso);
    setDate(v.slice(0, 10));
    setTime(v.slice(11));
    setInitialLocal(v);
  }, [initialIso]);
  const local = date === "" ? "" : `${date}T${time || DEFAULT_DEADLINE_TIME}`;
  const iso = !edited || (local !== "" && local === initialLocal) ? initialIso ?? "" : localInputToIso(local);
  return (
    <Stack direction="row" spacing={2} flexWrap alignItems="flex-start">
      <TextField
        id="session-deadline"
        type="date"
        label={t("calibrationSetup.form.deadline")}
        value={date}
        onChange={(e) => {
          setEdited(true);
          setDate(e.target.value);
        }}
        disabled={disabled}
        error={!!error}
        helperText={error ?? t("calibrationSetup.form.deadlineHelp")}
        className={css.deadline}
        inputProps={{ "data-testid": "session-deadline" }}
      />
      <TextField
        id="session-deadline-time"
        type="time"
        label={t("calibrationSetup.form.time")}
        value={time}
        onChange={(e) => {
          setEdited(true);
          setTime(e.target.value);
        }}
        disabled={disabled}
        helperText={t("calibrationSetup.form.timeHelp", { time: DEFAULT_DEADLINE_TIME })}
        className={css.time}
        inputProps={{ "data-testid": "session-deadline-time" }}
      />
      <input type="hidden" name="deadline" value={iso} />
      <input type="hidden" name="deadline_before" value={initialIso ?? ""} />
    </Stack>
  );
}

type FormSession = {
  name: string;
  session_admin: PersonJson | null;
  panelists: PersonJson[];
  sign_off_parties: PersonJson[];
  deadline: string | null;
};

/** The help text under each people picker: what that role does in this kind of session. */
const PEOPLE_HELP: Record<"rating" | "promotion", { admin: TranslationKey; panelists: TranslationKey; signOff: TranslationKey }> = {
  rating: {
    admin: "calibrationSetup.form.help.ratingAdmin",
    panelists: "calibrationSetup.form.help.ratingPanelists",
    signOff: "calibrationSetup.form.help.ratingSignOff",
  },
  promotion: {
    admin: "calibrationSetup.form.help.promotionAdmin",
    panelists: "calibrationSetup.form.help.promotionPanelists",
    signOff: "calibrationSetup.form.help.promotionSignOff",
  },
};

/** The form's accessible name: one a kind, for creating and for editing. */
const FORM_NAMES: Record<"rating" | "promotion", { create: TranslationKey; edit: TranslationKey }> = {
  rating: { create: "calibrationSetup.form.createRating", edit: "calibrationSetup.form.editRating" },
  promotion: { create: "calibrationSetup.form.createPromotion", edit: "calibrationSetup.form.editPromotion" },
};

type FormText = PageMessage | string;

/** What the shell reads of the page's data (the session is null on the create page). */
type FormFrame = {
  session: FormSession | null;
  structureEditable: boolean;
  deadlineEditable: boolean;
  backTo: string;
};

export function SessionFormShell({
  kind,
  form: { session: s, structureEditable: structure, deadlineEditable, backTo },
  intent,
  formError,
  errors,
  busy,
  members,
  extra,
}: {
  kind: "rating" | "promotion";
  form: FormFrame;
  intent?: string;
  formError: FormText | null | undefined;
  errors: Partial<Record<string, FormText[]>>;
  busy: boolean;
  members: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const help = PEOPLE_HELP[kind];
  const said = (text: FormText | undefined) => (text === undefined ? undefined : setupText(t, text));
  const first = (key: string) => said(errors[key]?.[0]);
  const [name, setName] = useState(s?.name ?? "");
  const [admin, setAdmin] = useState<PersonJson | null>(s?.session_admin ?? null);
  const [panelists, setPanelists] = useState<PersonJson[]>(s?.panelists ?? []);
  const [signOff, setSignOff] = useState<PersonJson[]>(s?.sign_off_parties ?? []);
  const groups = [
    {
      name: "panelist_id",
      label: t("calibrationSetup.form.panelists"),
      value: panelists,
      onChange: setPanelists,
      error: first("panelist_ids"),
      helperText: t(help.panelists),
      testId: "session-panelists-input",
    },
    {
      name: "sign_off_id",
      label: t("calibrationSetup.form.signOffParty"),
      value: signOff,
      onChange: setSignOff,
      error: first("sign_off_ids"),
      helperText: t(help.signOff),
      testId: "session-sign-off-input",
    },
  ];
  return (
    <Form method="post" noValidate aria-label={t(s ? FORM_NAMES[kind].edit : FORM_NAMES[kind].create)}>
      {intent && <input type="hidden" name="intent" value={intent} />}
      {structure && <input type="hidden" name="structure" value="1" />}
      <Stack spacing={3}>
        {formError && (
          <Alert severity="error" data-testid="session-form-error">
            {said(formError)}
          </Alert>
        )}
        {errors.form && (
          <Alert severity="error" data-testid="session-form-error">
            {errors.form.map((e) => setupText(t, e)).join(" ")}
          </Alert>
        )}
        {structure && (
          <>
            <TextField
              id="session-name"
              name="name"
              label={t("calibrationSetup.form.sessionName")}
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!first("name")}
              helperText={first("name")}
              className={css.name}
              inputProps={{
                maxLength: CALIBRATION_LIMITS.nameMax,
                "data-testid": "session-name",
              }}
            />
            {members}
            <Paper variant="outlined" className={css.peopleBox}>
              <Stack spacing={2} className={css.people}>
                <PersonPicker
                  name="session_admin_id"
                  label={t("calibrationSetup.form.sessionAdmin")}
                  required={kind === "rating"}
                  value={admin}
                  onChange={setAdmin}
                  error={first("session_admin_id")}
                  helperText={t(help.admin)}
                  testId="session-admin-input"
                />
                {groups.map((g) => (
                  <PeoplePicker key={g.name} {...g} />
                ))}
              </Stack>
            </Paper>
            {extra}
            <Divider />
          </>
        )}
        <DeadlineField key={s?.deadline ?? "none"} initialIso={s?.deadline ?? null} error={first("deadline")} disabled={!deadlineEditable} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy || (!structure && !deadlineEditable)} data-testid="session-save">
            {t(s ? (structure ? "calibrationSetup.form.save" : "calibrationSetup.form.saveDeadline") : "calibrationSetup.form.create")}
          </Button>
          <ButtonLink to={backTo} data-testid="session-cancel" aria-disabled={busy || undefined}>
            {t("calibrationSetup.form.cancel")}
          </ButtonLink>
        </Stack>
      </Stack>
    </Form>
  );
}
