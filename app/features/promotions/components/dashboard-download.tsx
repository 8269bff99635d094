import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Alert, Button, Link, Stack } from "~/platform/ui/static";
import { ICON, StaticIcon } from "~/platform/ui/static-controls";

/**
 * "Download nominations (CSV)" on the promotion dashboard: posts intent=download to the page's action, which
 * starts the cycle's DOWNLOAD_NOMINATIONS job and goes to the job's page (which offers the file once it is
 * ready), like the participants download; a failure (e.g. 503 without the workflow service) is shown here.
 */
export function DownloadNominations({ cycleId }: { cycleId: number }) {
  const navigation = useNavigation();
  const result = useActionData<{ ok: boolean; intent: string | null; message: string }>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "download";
  return (
    <Stack direction="row" spacing={2} alignItems="center" flexWrap>
      <Form method="post">
        <input type="hidden" name="intent" value="download" />
        <Button type="submit" variant="outlined" startIcon={<StaticIcon d={ICON.download} />} disabled={busy} data-testid="download-nominations">
          Download nominations (CSV)
        </Button>
      </Form>
      <Link to={`/app/admin/cycles/${cycleId}/download-nomination-jobs`} data-testid="nomination-downloads">
        Earlier downloads
      </Link>
      {result && !result.ok && result.intent === "download" && (
        <Alert severity="error" data-testid="download-nominations-error">
          {result.message}
        </Alert>
      )}
    </Stack>
  );
}
