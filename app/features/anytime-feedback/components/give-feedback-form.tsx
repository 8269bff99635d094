import { useFetcher } from "@remix-run/react";
import { Alert, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";
import { UserEmailAutocomplete } from "~/features/users/user-email-autocomplete";
import { useTranslation } from "react-i18next";
import { BODY_MAX_LENGTH } from "~/features/anytime-feedback/rules";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { AnytimeFeedbackActionResult } from "~/features/anytime-feedback/types";

/**
 * 'Give feedback': a colleague (suggested from GET /api/v1/users?q=, like the peer picker) and the text; the note
 * says who reads it (ADR 0029). Posted to the page's action (intent give); errors show next to their field.
 */
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
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      enqueueSnackbar(say(result.message), { variant: "success" });
      setWho("");
      setBody("");
      personRef.current?.focus();
    } else if (result.fieldErrors.reviewee_email) personRef.current?.focus();
    else if (result.fieldErrors.body) bodyRef.current?.focus();
    else submitRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `say` follows the language; a result is shown once
  }, [result, enqueueSnackbar]);
  const errors = result && !result.ok ? result.fieldErrors : {};
  const formError = result && !result.ok && !errors.reviewee_email && !errors.body ? say(result.message) : null;
  const query = who.trim();
  const length = body.trim().length;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="give-feedback-title">
      <fetcher.Form method="post" data-testid="give-feedback-form">
        <input type="hidden" name="intent" value="give" />
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="give-feedback-title">
            {t("anytime.give.title")}
          </Typography>
          {spoofing && <Alert severity="info">{t("anytime.give.spoofing")}</Alert>}
          <UserEmailAutocomplete
            value={who}
            onChange={setWho}
            disabled={spoofing}
            suggestionsUrl={(open) => (open && query.length >= 2 ? `/api/v1/users?q=${encodeURIComponent(query)}` : null)}
            renderInput={(params) => (
              <TextField
                {...params}
                name="reviewee_email"
                inputRef={personRef}
                label={t("anytime.give.colleague")}
                placeholder={t("anytime.give.search")}
                required
                error={!!errors.reviewee_email}
                helperText={errors.reviewee_email ? say(errors.reviewee_email) : t("anytime.give.anyColleague")}
                slotProps={{ htmlInput: { ...params.inputProps, "data-testid": "give-feedback-person", autoComplete: "off" } }}
              />
            )}
          />
          <TextField
            name="body"
            label={t("anytime.give.body")}
            multiline
            minRows={4}
            maxRows={12}
            required
            disabled={spoofing}
            value={body}
            inputRef={bodyRef}
            onChange={(e) => setBody(e.target.value)}
            error={!!errors.body || length > BODY_MAX_LENGTH}
            helperText={errors.body ? say(errors.body) : t("anytime.give.characters", { length, max: BODY_MAX_LENGTH })}
            slotProps={{ htmlInput: { "data-testid": "give-feedback-body" } }}
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
          <div>
            <Button ref={submitRef} type="submit" variant="contained" disabled={spoofing || fetcher.state !== "idle" || query === "" || length === 0} data-testid="give-feedback-submit">
              {t("anytime.give.send")}
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
