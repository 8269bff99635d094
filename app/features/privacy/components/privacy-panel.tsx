import { Link as RemixLink, useFetcher } from "@remix-run/react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { JobStatusChip, useJobPolling } from "~/features/jobs/components/job-status";
import { Time } from "~/platform/i18n/time";
import { confirmationMatches, type PrivacyPanelData } from "~/features/privacy/rules";
import { storedTextFor } from "~/platform/i18n/stored-text";

/**
 * The "Personal data" card of the admin user page (ADR 0053): export everything held about the person (a job; its ZIP
 * is downloaded from the job's link), and, for a deactivated person, erase their personal data after typing their email
 * in a dialog that says what is removed and what stays. Its data and forms are the resource route
 * /app/admin/users/{userId}/personal-data; the page reloads every second while one of its jobs runs.
 */

/** The card's action answers keys (ADR 0125): the started job, or why it was refused. */
type ActionResult = { ok: true; message: PageMessage } | { ok: false; message: PageMessage; fieldErrors?: Record<string, PageMessage> };

const active = (status: string) => status === "pending" || status === "running";
type Status = "pending" | "running" | "succeeded" | "failed";

export function PrivacyPanel({ userId }: { userId: number }) {
  const url = `/app/admin/users/${userId}/personal-data`;
  const panel = useFetcher<PrivacyPanelData>();
  const exportForm = useFetcher<ActionResult>();
  const eraseForm = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const { t } = useTranslation();
  const say = (message: PageMessage) => messageText(t, message);

  const load = panel.load;
  useEffect(() => {
    load(url);
  }, [load, url]);
  // A started job shows at once (the action's revalidation reloads the card too; this covers a slow one).
  useEffect(() => {
    if (exportForm.state === "idle" && exportForm.data) load(url);
  }, [exportForm.state, exportForm.data, load, url]);
  useEffect(() => {
    if (eraseForm.state === "idle" && eraseForm.data?.ok) {
      setOpen(false);
      setTyped("");
      load(url);
    }
  }, [eraseForm.state, eraseForm.data, load, url]);

  const data = panel.data;
  const running = !!data && [...data.exports, ...data.erasures].some((j) => active(j.status));
  useJobPolling(running);

  if (!data) return null;
  const busy = exportForm.state !== "idle" || eraseForm.state !== "idle";
  const erasable = !data.active && !data.erasedAt;
  const erasing = data.erasures.some((j) => active(j.status));
  const matches = confirmationMatches(typed, data.email);

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 4 }} data-testid="privacy-panel">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("privacy.title")}
      </Typography>
      {data.erasedAt ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="privacy-erased">
          <Trans i18nKey="privacy.erased" values={{ name: data.name }} components={[<Time key="erased" value={data.erasedAt} />]} />
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {data.active ? t("privacy.introActive") : t("privacy.intro")}
        </Typography>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <exportForm.Form method="post" action={url}>
          <input type="hidden" name="intent" value="export" />
          <Button type="submit" variant="outlined" disabled={busy || erasing} data-testid="privacy-export">
            {t("privacy.export")}
          </Button>
        </exportForm.Form>
        {erasable && (
          <Button color="error" variant="outlined" disabled={busy || erasing} onClick={() => setOpen(true)} data-testid="privacy-erase-open">
            {t("privacy.erase")}
          </Button>
        )}
      </Stack>
      {exportForm.data && !exportForm.data.ok && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="privacy-export-error">
          {say(exportForm.data.message)}
        </Alert>
      )}
      <JobList title="privacy.exports" testId="privacy-exports" jobs={data.exports} render={(j) => (j.fileUrl ? <Link href={j.fileUrl} download data-testid={`privacy-export-download-${j.id}`}>{t("privacy.downloadZip")}</Link> : null)} />
      <JobList title="privacy.erasures" testId="privacy-erasures" jobs={data.erasures} render={(j) => (j.status === "failed" && j.message ? <Typography variant="body2" color="error">{storedTextFor(t, j.message, j.messageKey)}</Typography> : null)} />

      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="privacy-erase-title" data-testid="privacy-erase-dialog">
        <eraseForm.Form method="post" action={url}>
          <input type="hidden" name="intent" value="erase" />
          <DialogTitle id="privacy-erase-title">{t("privacy.eraseTitle", { name: data.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText component="div">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t("privacy.eraseText")}
              </Typography>
              <Typography variant="body2" sx={{ mb: 2 }}>
                {t("privacy.eraseStays")}
              </Typography>
            </DialogContentText>
            <TextField
              name="confirm_email"
              label={t("privacy.typeToConfirm", { email: data.email })}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              fullWidth
              autoComplete="off"
              error={!!eraseForm.data && !eraseForm.data.ok}
              helperText={eraseForm.data && !eraseForm.data.ok ? say(eraseForm.data.message) : " "}
              slotProps={{ htmlInput: { "data-testid": "privacy-erase-email" } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t("privacy.cancel")}</Button>
            <Button type="submit" color="error" variant="contained" disabled={!matches || busy} data-testid="privacy-erase-confirm">
              {t("privacy.erase")}
            </Button>
          </DialogActions>
        </eraseForm.Form>
      </Dialog>
    </Paper>
  );
}

type PanelJob = { id: number; status: string; createdAt: string; pageUrl: string };

function JobList<J extends PanelJob>({ title, testId, jobs, render }: { title: TranslationKey; testId: string; jobs: J[]; render: (job: J) => ReactNode }) {
  const { t } = useTranslation();
  if (jobs.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Typography variant="subtitle2">{t(title)}</Typography>
      <List dense disablePadding>
        {jobs.map((j) => (
          <ListItem key={j.id} disableGutters sx={{ gap: 1, flexWrap: "wrap" }} data-testid={`${testId}-${j.id}`}>
            <Link component={RemixLink} to={j.pageUrl}>
              {t("privacy.job", { id: j.id })}
            </Link>
            <JobStatusChip status={j.status as Status} />
            <Typography variant="body2" color="text.secondary">
              <Time value={j.createdAt} />
            </Typography>
            {render(j)}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
