import { Alert, Button, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { useFetcher } from "@remix-run/react";
import type { IncomingView, SelectionActionResult } from "~/features/peer-selection/types";
import { PeerStatusChip } from "~/features/peer-selection/components/status-chips";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { useActionUrl, useResultToasts, useSayMessage } from "~/features/peer-selection/components/use-selection-action";
import { useTranslation } from "react-i18next";
import css from "~/features/peer-selection/components/peer-pages.module.css";

/** The feedback requests addressed to the signed-in user, with their Accept/Decline buttons (intent accept | decline). */

function AnswerButtons({ id, email, name, spoofing }: { id: number; email: string; name: string; spoofing: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>();
  const action = useActionUrl();
  useResultToasts(fetcher.data, true);
  const { t } = useTranslation();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="request_id" value={id} />
      <div className={css.answers}>
        <Button type="submit" name="intent" value="accept" size="small" variant="contained" disabled={spoofing || busy} aria-label={t("peers.incoming.acceptName", { name })} data-testid={`incoming-accept-${email}`}>
          {t("peers.incoming.accept")}
        </Button>
        <Button type="submit" name="intent" value="decline" size="small" variant="outlined" color="error" disabled={spoofing || busy} aria-label={t("peers.incoming.declineName", { name })} data-testid={`incoming-decline-${email}`}>
          {t("peers.incoming.decline")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** 'Feedback requests for you': requests where the signed-in user is the requested reviewer, with Accept/Decline. */
export function IncomingRequests({ incoming, spoofing }: { incoming: IncomingView; spoofing: boolean }) {
  const { t } = useTranslation();
  const say = useSayMessage();
  return (
    <Stack spacing={1.5} data-testid="incoming-requests">
      <Typography variant="h6" component="h2">
        {t("peers.incoming.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="incoming-accepted-count">
        {t("peers.incoming.accepted", { count: incoming.accepted_count, max: incoming.advised_max_accepted })}
      </Typography>
      {incoming.warning && (
        <Alert severity="warning" data-testid="incoming-warning">
          {say(incoming.warning)}
        </Alert>
      )}
      <OutlinedTable
        ariaLabel={t("peers.incoming.title")}
        empty={incoming.requests.length === 0}
        emptyText={t("peers.incoming.empty")}
        emptyTestId="incoming-empty"
        head={
          <>
            <TableCell>{t("peers.statusColumn")}</TableCell>
            <TableCell>{t("peers.incoming.feedbackFor")}</TableCell>
            <TableCell>{t("peers.askedBy")}</TableCell>
            <TableCell align="right" />
          </>
        }
      >
        {incoming.requests.map((r) => (
          <TableRow key={r.id} data-testid={`incoming-row-${r.participant.email}`}>
            <TableCell>
              <PeerStatusChip status={r.status} testId={`incoming-status-${r.participant.email}`} />
            </TableCell>
            <TableCell>
              {r.participant.name}
              <Typography variant="caption" color="text.secondary" component="div">
                {r.participant.email}
                {r.participant.job_title ? ` · ${r.participant.job_title}` : ""}
              </Typography>
            </TableCell>
            <TableCell>{r.requested_by?.name ?? "—"}</TableCell>
            <TableCell align="right">{r.can_respond && <AnswerButtons id={r.id} email={r.participant.email} name={r.participant.name} spoofing={spoofing} />}</TableCell>
          </TableRow>
        ))}
      </OutlinedTable>
    </Stack>
  );
}
