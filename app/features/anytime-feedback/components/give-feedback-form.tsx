import { useFetcher } from "@remix-run/react";
import { TextField as MuiTextField } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UserEmailAutocomplete } from "~/features/users/user-email-autocomplete";
import { Alert, Button, Paper, Typography } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { BODY_MAX_LENGTH } from "~/features/anytime-feedback/rules";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { AnytimeFeedbackActionResult } from "~/features/anytime-feedback/types";
import css from "~/features/anytime-feedback/components/anytime.module.css";

/**
 * 'Give feedback': a colleague (suggested from GET /api/v1/users?q=, like the peer picker) and the text; the note
 * says who reads it (ADR 0029). Posted to the page's action (intent give); errors show next to their field.
 * Static markup (issue 27): the server render (and the first browser render) draws the colleague as a static field
 * with the same label, placeholder and help; MUI's Autocomplete takes its place on hydration.
 */

const PERSON_INPUT_ID = "give-feedback-person-input";
const BODY_INPUT_ID = "give-feedback-body-input";

type PersonFieldProps = { value: string; onChange: (v: string) => void; disabled: boolean; error: string | null; inputRef: React.RefObject<HTMLInputElement | null> };

/** The colleague's email: static until hydration, then with suggestions (MUI's Autocomplete, mounted in the browser). */
function PersonField({ value, onChange, disabled, error, inputRef }: PersonFieldProps) {
  const { t } = useTranslation();
  const query = value.trim();
  const helperText = error ?? t("anytime.give.anyColleague");
  if (!useHydrated()) {
    return (
      <TextField
        id={PERSON_INPUT_ID}
        name="reviewee_email"
        label={t("anytime.give.colleague")}
        placeholder={t("anytime.give.search")}
        required
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        error={!!error}
        autoComplete="off"
        helperText={helperText}
        inputProps={{ "data-testid": "give-feedback-person" }}
      />
    );
  }
  return (
    <UserEmailAutocomplete
      value={value}
      onChange={onChange}
      disabled={disabled}
      suggestionsUrl={(open) => (open && query.length >= 2 ? `/api/v1/users?q=${encodeURIComponent(query)}` : null)}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          name="reviewee_email"
          inputRef={inputRef}
          label={t("anytime.give.colleague")}
          placeholder={t("anytime.give.search")}
          required
          error={!!error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, "data-testid": "give-feedback-person", autoComplete: "off" } }}
        />
      )}
    />
  );
}

export function GiveFeedbackForm({ spoofing, myManagers }: { spoofing: boolean; myManagers: string[] }) {
  const fetcher = useFetcher<AnytimeFeedbackActionResult>({ key: "give-anytime-feedback" });
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const say = (message: PageMessage) => messageText(t, message);
  const [who, setWho] = useState("");
  const [body, setBody] = useState("");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = useRef<unknown>(null);
  // The send button is disabled while sending, which drops the keyboard focus to the page: put it back, on the
  // colleague field after a success (ready for the next one), else on the field in error or the button.
  const personRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    const focus = (id: string) => document.getElementById(id)?.focus();
    const focusPerson = () => (personRef.current ?? document.getElementById(PERSON_INPUT_ID))?.focus();
    if (result.ok) {
      enqueueSnackbar(say(result.message), { variant: "success" });
      setWho("");
      setBody("");
      focusPerson();
    } else if (result.fieldErrors.reviewee_email) focusPerson();
    else if (result.fieldErrors.body) focus(BODY_INPUT_ID);
    else submitRef.current?.querySelector("button")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `say` follows the language; a result is shown once
  }, [result, enqueueSnackbar]);
  const errors = result && !result.ok ? result.fieldErrors : {};
  const formError = result && !result.ok && !errors.reviewee_email && !errors.body ? say(result.message) : null;
  const query = who.trim();
  const length = body.trim().length;

  return (
    <Paper variant="outlined" component="section" className={css.form} aria-labelledby="give-feedback-title">
      <fetcher.Form method="post" data-testid="give-feedback-form" className={css.panel}>
        <input type="hidden" name="intent" value="give" />
        <Typography variant="h6" component="h2" id="give-feedback-title">
          {t("anytime.give.title")}
        </Typography>
        {spoofing && (
          <Alert severity="info">
            {t("anytime.give.spoofing")}
          </Alert>
        )}
        <PersonField value={who} onChange={setWho} disabled={spoofing} error={errors.reviewee_email ? say(errors.reviewee_email) : null} inputRef={personRef} />
        <TextField
          id={BODY_INPUT_ID}
          name="body"
          label={t("anytime.give.body")}
          multiline
          minRows={4}
          required
          fullWidth
          disabled={spoofing}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={!!errors.body || length > BODY_MAX_LENGTH}
          helperText={errors.body ? say(errors.body) : t("anytime.give.characters", { length, max: BODY_MAX_LENGTH })}
          inputProps={{ "data-testid": "give-feedback-body" }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="give-feedback-readers">
          {t("anytime.give.readers")}
          {myManagers.length > 0 && " "}
          {myManagers.length > 0 && t("anytime.give.managers", { names: myManagers.join(", ") })}
        </Typography>
        {formError && (
          <Alert severity="error" data-testid="give-feedback-error">
            {formError}
          </Alert>
        )}
        <div ref={submitRef}>
          <Button type="submit" variant="contained" disabled={spoofing || fetcher.state !== "idle" || query === "" || length === 0} data-testid="give-feedback-submit">
            {t("anytime.give.send")}
          </Button>
        </div>
      </fetcher.Form>
    </Paper>
  );
}
