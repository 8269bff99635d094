import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "@remix-run/react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "notistack";
import { FEEDBACK_DIALOG_WIDTH } from "~/platform/theme/theme";
import { callApi } from "~/platform/api-client";
import { controls } from "~/platform/ui/static-controls";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/shell/floating-controls.module.css";

export const FINAL_ASSESSMENT_PATH = "/app/performance/final-assessment";
export const ANYTIME_FEEDBACK_PATH = "/app/anytime-feedback";

/**
 * The vertical Feedback tab and the 'User Feedback' dialog (spec §2, §4, §5).
 * Opens by itself on the final-assessment page when the user has neither a user_feedback
 * coachmark nor given feedback; closing or skipping records a dismissed coachmark once.
 */
export function UserFeedbackWidget({ hasCoachmark, hasGivenFeedback }: { hasCoachmark: boolean; hasGivenFeedback: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const [choice, setChoice] = useState<"" | "yes" | "no">("");
  const [text, setText] = useState("");
  const [error, setError] = useState(false);
  const revalidator = useRevalidator();
  const [submitting, setSubmitting] = useState(false);
  const coachmarkSent = useRef(false);
  // Reload the page data only once the dialog has faded out: a router revalidation during the exit
  // transition can leave the closed dialog mounted and invisible, blocking every click on the page.
  const revalidateAfterExit = useRef(false);
  const exited = useRef(true);
  const revalidateWhenClosed = () => {
    if (exited.current) revalidator.revalidate();
    else revalidateAfterExit.current = true;
  };

  useEffect(() => {
    if (location.pathname === FINAL_ASSESSMENT_PATH && !hasCoachmark && !hasGivenFeedback) setOpen(true);
  }, [location.pathname, hasCoachmark, hasGivenFeedback]);

  if (location.pathname === ANYTIME_FEEDBACK_PATH) return null;

  const dismiss = () => {
    setOpen(false);
    setError(false);
    if (!hasCoachmark && !coachmarkSent.current) {
      coachmarkSent.current = true;
      void callApi("POST", "/api/v1/coachmarks", { coachmark_type: "user_feedback", is_dismissed: true }).then((res) => {
        if (res.ok) revalidateWhenClosed();
      });
    }
  };

  const submit = async () => {
    if (!choice) {
      setError(true);
      return;
    }
    setSubmitting(true);
    const res = await callApi("POST", "/api/v1/user_feedback", { has_liked: choice === "yes", text: text.trim() === "" ? null : text });
    setSubmitting(false);
    if (res.ok) {
      setOpen(false);
      setChoice("");
      setText("");
      enqueueSnackbar(t("userFeedback.thanks"), { variant: "success" });
      revalidateWhenClosed();
    } else {
      enqueueSnackbar(res.message, { variant: "error" });
    }
  };

  return (
    <>
      {/* A static button (it is on every page; issue 27, ADR 0062); the dialog is MUI's, mounted once it opens. */}
      <button type="button" className={`${controls.button} ${controls.buttonSecondary} ${css.feedbackTab}`} onClick={() => setOpen(true)} data-testid="feedback-tab">
        {t("userFeedback.tab")}
      </button>
      {mounted && (
      <Dialog
        open={open}
        onClose={dismiss}
        aria-labelledby="user-feedback-title"
        slotProps={{
          transition: {
            onEnter: () => {
              exited.current = false;
            },
            onExited: () => {
              exited.current = true;
              if (!revalidateAfterExit.current) return;
              revalidateAfterExit.current = false;
              revalidator.revalidate();
            },
          },
          paper: { sx: { width: FEEDBACK_DIALOG_WIDTH, maxWidth: "100%" } },
        }}
      >
        <DialogTitle id="user-feedback-title">{t("userFeedback.title")}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: "flex", flexDirection: "column", gap: 2, pt: 1 }}>
            <FormControl error={error}>
              <FormLabel id="user-feedback-question">{t("userFeedback.question")}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="user-feedback-question"
                value={choice}
                onChange={(e) => {
                  setChoice(e.target.value as "yes" | "no");
                  setError(false);
                }}
              >
                <FormControlLabel value="yes" control={<Radio />} label={t("userFeedback.yes")} />
                <FormControlLabel value="no" control={<Radio />} label={t("userFeedback.no")} />
              </RadioGroup>
              {error && <FormHelperText>{t("userFeedback.selectOne")}</FormHelperText>}
            </FormControl>
            <TextField
              label={t("userFeedback.text")}
              multiline
              minRows={4}
              maxRows={15}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss}>{t("userFeedback.skip")}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={submitting}>
            {t("userFeedback.submit")}
          </Button>
        </DialogActions>
      </Dialog>
      )}
    </>
  );
}
