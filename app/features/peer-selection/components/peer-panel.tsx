import { Alert, Button, Chip, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { useFetcher } from "@remix-run/react";
import type { PanelView, SelectionActionResult } from "~/features/peer-selection/types";
import { AddPeerForm } from "~/features/peer-selection/components/add-peer-form";
import { OutlinedTable } from "~/platform/ui/outlined-table";
import { PanelStatusChip, PeerStatusChip } from "~/features/peer-selection/components/status-chips";
import { useActionUrl, useResultToasts, useSayMessage } from "~/features/peer-selection/components/use-selection-action";
import { useTranslation } from "react-i18next";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";
import css from "~/features/peer-selection/components/peer-pages.module.css";

/**
 * The peer/stakeholder selection views shared by /app/performance/peer-finalization (the participant) and
 * /app/my-reportees/{email}/peer-finalization (the manager): the panel (mandatory reviewers, peers with status
 * chips, counters, advice, Admin/Manager Approved), the add-peer picker and the requests addressed to the
 * signed-in user. Writes post to the page's own action (intent add | remove | approve | accept | decline).
 *
 * This file holds the panel (used by both pages) and the manager page's approve button; the add-peer form,
 * the requests to the signed-in user, the status chips and the shared hooks are their own files here. Static markup
 * and CSS (issue 27, ADR 0062): the server render does no style work; texts arrive as keys (issue 28).
 */

/**
 * The remove buttons share one keyed fetcher, read by the panel for its toasts: the row holding the button
 * disappears with the revalidated data, often before the button's own effects could run.
 */
const REMOVE_PEER_FETCHER = "remove-peer";

function RemovePeerButton({ email, name, spoofing }: { email: string; name: string; spoofing: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>({ key: REMOVE_PEER_FETCHER });
  const action = useActionUrl();
  const { t } = useTranslation();
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="peer_email" value={email} />
      <Button type="submit" size="small" color="error" disabled={spoofing || fetcher.state !== "idle"} aria-label={t("peers.removeName", { name })} data-testid={`peer-remove-${email}`}>
        {t("peers.remove")}
      </Button>
    </fetcher.Form>
  );
}

/** The panel: status, counters, advice, mandatory reviewers, peers (with remove) and the add-peer form. */
export function PeerPanel({ panel, spoofing, editor, extraActions }: { panel: PanelView; spoofing: boolean; editor: "participant" | "manager"; extraActions?: React.ReactNode }) {
  useResultToasts(useFetcher<SelectionActionResult>({ key: REMOVE_PEER_FETCHER }).data, true);
  const { t } = useTranslation();
  const say = useSayMessage();
  if (!panel.receives_feedback) {
    return (
      <Alert severity="info" data-testid="panel-reviewer-only">
        {editor === "participant" ? t("peers.reviewerOnlyYou") : t("peers.reviewerOnlyOther", { name: panel.participant.name })}
      </Alert>
    );
  }
  const c = panel.counters;
  return (
    <div className={css.panel}>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap>
        <Typography fontWeight="medium">{t("peers.selectionStatus")}</Typography>
        <PanelStatusChip status={panel.panel_status} />
        <Typography color="text.secondary" data-testid="peer-counters">
          {t(c.declined ? "peers.countersDeclined" : "peers.counters", { selected: c.selected, max: c.max, accepted: c.accepted, requested: c.requested, declined: c.declined })}
        </Typography>
        {extraActions}
      </Stack>
      {!panel.can_edit && panel.edit_blocked_notice && (
        <Alert severity="info" data-testid="peer-edit-blocked">
          {say(panel.edit_blocked_notice)}
        </Alert>
      )}
      {panel.can_edit && spoofing && (
        <Alert severity="warning" data-testid="peer-spoofing">
          {t("peers.spoofing")}
        </Alert>
      )}
      {panel.advice.length > 0 && (
        <Alert severity="info" icon={false} data-testid="peer-advice">
          <ul className={css.adviceList}>
            {panel.advice.map((a) => (
              <li key={a.key}>{say(a)}</li>
            ))}
          </ul>
        </Alert>
      )}

      <div>
        <Typography variant="h6" component="h2" className={css.sectionTitle}>
          {t("peers.mandatory")}
        </Typography>
        <Typography variant="body2" color="text.secondary" className={css.sectionTitle}>
          {t("peers.mandatoryIntro")}
        </Typography>
        <OutlinedTable
          testId="mandatory-reviewers"
          ariaLabel={t("peers.mandatory")}
          head={
            <>
              <TableCell>{t("peers.reviewerType")}</TableCell>
              <TableCell>{t("peers.name")}</TableCell>
              <TableCell>{t("peers.email")}</TableCell>
            </>
          }
        >
          {panel.mandatory_reviewers.map((r) => (
            <TableRow key={`${r.reviewer_type}-${r.email}`} data-testid={`mandatory-row-${r.email}`}>
              <TableCell>
                <Chip size="small" label={reviewerTypeKey(r.reviewer_type) ? t(reviewerTypeKey(r.reviewer_type)!) : r.reviewer_type_label} />
              </TableCell>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.email}</TableCell>
            </TableRow>
          ))}
        </OutlinedTable>
      </div>

      <div>
        <Typography variant="h6" component="h2" className={css.sectionTitle}>
          {t("peers.peersAndStakeholders")}
        </Typography>
        <OutlinedTable
          testId="peers-table"
          ariaLabel={t("peers.peersAndStakeholders")}
          empty={panel.peers.length === 0}
          emptyText={t("peers.noPeers")}
          emptyTestId="peers-empty"
          head={
            <>
              <TableCell>{t("peers.statusColumn")}</TableCell>
              <TableCell>{t("peers.name")}</TableCell>
              <TableCell>{t("peers.email")}</TableCell>
              <TableCell>{t("peers.askedBy")}</TableCell>
              <TableCell align="right" />
            </>
          }
        >
          {panel.peers.map((p) => (
            <TableRow key={p.id} data-testid={`peer-row-${p.email}`}>
              <TableCell>
                <PeerStatusChip status={p.status} testId={`peer-status-${p.email}`} />
              </TableCell>
              <TableCell>
                {p.name}
                {p.job_title && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {p.job_title}
                  </Typography>
                )}
                {p.warning_notice && (
                  <Typography variant="caption" color="warning.main" component="div" data-testid={`peer-warning-${p.email}`}>
                    {say(p.warning_notice)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{p.email}</TableCell>
              <TableCell>{p.requested_by?.name ?? "—"}</TableCell>
              <TableCell align="right">
                {p.can_remove ? (
                  <RemovePeerButton email={p.email} name={p.name} spoofing={spoofing} />
                ) : p.status === "accepted" ? (
                  <Typography variant="caption" color="text.secondary">
                    {t("peers.acceptedStay")}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </OutlinedTable>
      </div>

      {panel.can_edit && (
        <div>
          <Typography variant="subtitle1" component="h3" className={css.sectionTitle}>
            {t("peers.ask")}
          </Typography>
          <AddPeerForm panel={panel} spoofing={spoofing} />
        </div>
      )}
    </div>
  );
}

/** The approve button of the manager page (intent approve). */
export function ApproveSelectionButton({ spoofing, approved }: { spoofing: boolean; approved: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>();
  const action = useActionUrl();
  const { t } = useTranslation();
  useResultToasts(fetcher.data, true);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="approve" />
      <Button type="submit" size="small" variant={approved ? "outlined" : "contained"} disabled={spoofing || approved || fetcher.state !== "idle"} data-testid="panel-approve">
        {approved ? t("peers.approved") : t("peers.approve")}
      </Button>
    </fetcher.Form>
  );
}
