import { Form, useNavigation } from "@remix-run/react";
import { Alert, Box, Button, Link, Paper, Stack, Typography, buttonClass, cx } from "~/platform/ui/static";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from "~/platform/ui/static-form";
import css from "~/features/jobs/components/jobs.module.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DownloadLink, JobPageHeader } from "~/features/jobs/components/job-pages";
import { ERROR_MODE_KEYS } from "~/features/jobs/messages";
import type { JobCycleInfo, JobFormFailure } from "~/features/jobs/rules";
import { messageText } from "~/platform/i18n/page-message";
import { storedMessageText } from "~/platform/i18n/stored-text";

/** The upload form of the bulk jobs that read a file (ADR 0015). */

/**
 * The upload form of a file job: file input, what to do with invalid rows, a template link.
 * Posts multipart/form-data (fields `file`, `error_mode`) to the page's action.
 */
export function UploadJobForm({
  cycle,
  parent = null,
  title,
  description,
  jobsPath,
  templateHref,
  templateLabel,
  links,
  accept = ".csv,text/csv",
  result,
  errorModeChoice = true,
}: {
  /** The cycle of a cycle job type; null for a company-wide one (then `parent` is the back link). */
  cycle: JobCycleInfo | null;
  parent?: { path: string; label: string } | null;
  title: string;
  description: React.ReactNode;
  jobsPath: string;
  templateHref?: string;
  templateLabel?: string;
  /** More links beside the template's (e.g. a download of the current data in the same columns). */
  links?: React.ReactNode;
  accept?: string;
  result?: JobFormFailure | null;
  /** false for job types that only commit all or nothing (no choice shown; the server's default applies). */
  errorModeChoice?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [fileName, setFileName] = useState<string>("");
  const [mode, setMode] = useState<"all_or_nothing" | "valid_only">("all_or_nothing");
  return (
    <Box className={css.page}>
      <JobPageHeader cycle={cycle} parent={parent} title={title} />
      <Stack spacing={1} className={css.intro}>
        {description}
        <Stack direction="row" spacing={2} flexWrap>
          {templateHref && (
            <DownloadLink href={templateHref} testId="template-link">
              {templateLabel ?? t("jobs.upload.template")}
            </DownloadLink>
          )}
          {links}
          <Link to={jobsPath} data-testid="jobs-link">
            {t("jobs.upload.previous")}
          </Link>
        </Stack>
      </Stack>
      {result && !result.ok && (
        <Alert severity="error" className={cx(css.formError, css.narrow)} data-testid="upload-error">
          <Typography variant="body2" fontWeight="medium">
            {storedMessageText(t, result.formError)}
          </Typography>
          {result.details.map((d) => messageText(t, d)).map((d) => (
            <Typography key={d} variant="body2">
              {d}
            </Typography>
          ))}
        </Alert>
      )}
      <Paper variant="outlined" className={cx(css.panel, css.narrow)}>
        <Form method="post" encType="multipart/form-data">
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} alignItems="center">
              {/* The file input inside its button's label: hidden from sight, not from the keyboard (the label shows its focus). */}
              <label className={buttonClass({ variant: "outlined" }, css.fileButton)}>
                {t("jobs.upload.choose")}
                <input
                  className={css.fileInput}
                  type="file"
                  name="file"
                  accept={accept}
                  data-testid="upload-file"
                  onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? "")}
                />
              </label>
              <Typography variant="body2" color={fileName ? "text.primary" : "text.secondary"} className={css.fileName} data-testid="upload-file-name">
                {fileName || t("jobs.upload.noFile")}
              </Typography>
            </Stack>
            {errorModeChoice && (
              <FormControl>
                <FormLabel component="span" id="error-mode-label">
                  {t("jobs.upload.ifInvalid")}
                </FormLabel>
                <RadioGroup aria-labelledby="error-mode-label" name="error_mode" value={mode} onChange={(_, value) => setMode(value as typeof mode)}>
                  <FormControlLabel value="all_or_nothing" control={<Radio />} label={t(ERROR_MODE_KEYS.all_or_nothing)} />
                  <FormControlLabel value="valid_only" control={<Radio />} label={t(ERROR_MODE_KEYS.valid_only)} />
                </RadioGroup>
              </FormControl>
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={busy || !fileName} data-testid="upload-submit">
                {t("jobs.upload.submit")}
              </Button>
            </Box>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
