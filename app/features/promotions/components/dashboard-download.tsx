import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { Alert, Button, Link, Stack } from "~/platform/ui/static";
import { ICON, StaticIcon } from "~/platform/ui/static-controls";

/**
 * "Download nominations (CSV)" on the promotion dashboard: posts intent=download to the page's action, which
 * starts the cycle's DOWNLOAD_NOMINATIONS job and goes to the job's page (which offers the file once it is
 * ready), like the participants download; a failure (e.g. 503 without the workflow service) is shown here.
 */
export function DownloadNominations({ cycleId }: { cycleId: number }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const result = useActionData<{ ok: boolean; intent: string | null; message: PageMessage }>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "download";
  return (
    <Stack direction="row" spacing={2} alignItems="center" flexWrap>
      <Form method="post">
        <input type="hidden" name="intent" value="download" />
        <Button type="submit" variant="outlined" startIcon={<StaticIcon d={ICON.download} />} disabled={busy} data-testid="download-nominations">
          {t("promotions.dashboard.download")}
        </Button>
      </Form>
      <Link to={`/app/admin/cycles/${cycleId}/download-nomination-jobs`} data-testid="nomination-downloads">
        {t("promotions.dashboard.earlierDownloads")}
      </Link>
      {result && !result.ok && result.intent === "download" && (
        <Alert severity="error" data-testid="download-nominations-error">
          {messageText(t, result.message)}
        </Alert>
      )}
    </Stack>
  );
}
