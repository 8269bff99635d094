import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Box, Button, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import { ConfirmDialog } from "~/features/calibration/components/confirm-dialog";
import { useFormat } from "~/platform/i18n/reader-context";
import type { PromotionSessionJson } from "~/features/promotions/types";

/**
 * The cycle's promotion sessions on the admin promotion dashboard: state, people and counts; "Close" on a
 * session that is not closed yet and "Close all promotion sessions", each after a confirmation (posted to the
 * page's action as intent=close with session_id, or with scope=all; the dialog shows a failure's message), with the
 * written reason a session's significant gap in its promotion decisions asks for (ADR 0120).
 */
export function DashboardSessions({ sessions, spoofing }: { sessions: PromotionSessionJson[]; spoofing: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [target, setTarget] = useState<PromotionSessionJson | null>(null);
  const [closing, setClosing] = useState(false);
  const [closeAll, setCloseAll] = useState(false);
  const open = sessions.filter((s) => s.state !== "closed");
  // The reason a significant gap in a session's promotion decisions asks for (ADR 0120): the service says when.
  const reasonField = { label: t("meetingFairness.forced.reasonLabel"), required: false, helperText: t("meetingFairness.forced.reasonHelp") };
  return (
    <Box component="section" aria-labelledby="promotion-sessions-heading" data-testid="dashboard-sessions">
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" flexWrap style={{ marginBottom: 8 }}>
        <Typography variant="h6" component="h2" id="promotion-sessions-heading">
          {t("promotions.sessions.heading", { count: sessions.length })}
        </Typography>
        {!spoofing && (
          <Button variant="contained" color="error" disabled={open.length === 0} onClick={() => setCloseAll(true)} data-testid="close-all-sessions">
            {t("promotions.sessions.closeAll")}
          </Button>
        )}
      </Stack>
      {/* Ten short columns, compact: a table from 1280 px on (Actions in view at 1440), stacked rows below (ADR 0068). */}
      <StackedTable
        stackBelow="lg"
        compact
        testId="dashboard-sessions-table"
        ariaLabel={t("promotions.sessions.tableLabel")}
        empty={sessions.length === 0}
        emptyText={t("promotions.sessions.empty")}
        emptyTestId="dashboard-sessions-empty"
        head={
          <>
            <TableCell>{t("promotions.sessions.name")}</TableCell>
            <TableCell>{t("promotions.sessions.state")}</TableCell>
            <TableCell>{t("promotions.sessions.hrPartner")}</TableCell>
            <TableCell>{t("promotions.sessions.sessionAdmin")}</TableCell>
            <TableCell>{t("promotions.sessions.panelists")}</TableCell>
            <TableCell>{t("promotions.sessions.signOffParty")}</TableCell>
            <TableCell>{t("promotions.sessions.deadline")}</TableCell>
            <TableCell align="right">{t("promotions.sessions.nominations")}</TableCell>
            <TableCell align="right">{t("promotions.sessions.decided")}</TableCell>
            <TableCell align="right">{t("promotions.sessions.actions")}</TableCell>
          </>
        }
      >
        {sessions.map((s) => (
          <TableRow key={s.id} data-testid={`dashboard-session-row-${s.id}`}>
            <TableCell component="th" scope="row">
              {s.name}
            </TableCell>
            <TableCell data-label={t("promotions.sessions.state")}>
              <SessionStateChip state={s.state} testId={`dashboard-session-state-${s.id}`} />
            </TableCell>
            <TableCell data-label={t("promotions.sessions.hrPartner")}>{peopleText([s.created_by])}</TableCell>
            <TableCell data-label={t("promotions.sessions.sessionAdmin")}>{peopleText([s.session_admin])}</TableCell>
            <TableCell data-label={t("promotions.sessions.panelists")}>{peopleText(s.panelists)}</TableCell>
            <TableCell data-label={t("promotions.sessions.signOffParty")}>{peopleText(s.sign_off_parties)}</TableCell>
            <TableCell data-label={t("promotions.sessions.deadline")}>{s.deadline ? format.dateTime(s.deadline) : t("promotions.noDeadline")}</TableCell>
            <TableCell align="right" data-label={t("promotions.sessions.nominations")} data-testid={`dashboard-session-nominations-${s.id}`}>
              {s.nomination_count}
            </TableCell>
            <TableCell align="right" data-label={t("promotions.sessions.decided")} data-testid={`dashboard-session-decided-${s.id}`}>
              {s.decided_count}
            </TableCell>
            <TableCell align="right">
              {s.state !== "closed" && !spoofing && (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => {
                    setTarget(s);
                    setClosing(true);
                  }}
                  aria-label={t("promotions.sessions.closeNamed", { name: s.name })}
                  data-testid={`close-session-${s.id}`}
                >
                  {t("promotions.sessions.close")}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
      {/*
        Each dialog is mounted only while open (no fade-out): kept mounted, a dialog closed by its own success
        (while the page revalidates) sometimes never finished its exit transition when the page was scrolled or
        clicked meanwhile, and stayed invisible over the page, catching every click.
      */}
      {closing && target && (
        <ConfirmDialog
          open
          onClose={() => setClosing(false)}
          intent="close"
          fields={{ session_id: String(target.id) }}
          title={t("promotions.sessions.closeTitle", { name: target.name })}
          text={t("promotions.sessions.closeText")}
          confirmLabel={t("promotions.sessions.closeConfirm")}
          color="error"
          comment={reasonField}
          testId="close-session-dialog"
        />
      )}
      {closeAll && (
        <ConfirmDialog
          open
          onClose={() => setCloseAll(false)}
          intent="close"
          fields={{ scope: "all" }}
          title={t("promotions.sessions.closeAllTitle")}
          text={t("promotions.sessions.closeAllText", { count: open.length })}
          confirmLabel={t("promotions.sessions.closeAllConfirm")}
          color="error"
          comment={reasonField}
          testId="close-all-dialog"
        />
      )}
    </Box>
  );
}
