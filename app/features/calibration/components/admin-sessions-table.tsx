import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Box, Link, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import type { AdminSessionsPageData } from "~/features/calibration/session-setup";
import { SessionRowActions, SessionStateChip, peopleText, useDeadlineText } from "~/features/calibration/components/session-setup-parts";
import { SessionInsightsLink } from "~/features/insights/components/session-insights-link";
import css from "~/features/calibration/components/session-pages.module.css";

/**
 * The admin's table of the cycle's rating calibration sessions (/app/admin/calibration-sessions). Twelve columns
 * needed sideways scrolling at 1440 px (issue 27); they are seven, merged by what they describe (ADR 0091): the
 * session (its name and, under it, its workflow id), its state, its people (HR partner, session admin, panelists,
 * sign-off party: each named beside their role), its deadline, its participants (how many, and under it how many
 * left), the changed ratings, and the row's actions. Below 960 px the rows are stacked (ADR 0068). Every test id of
 * the twelve columns is kept, on the value it named.
 */

type Selected = Extract<AdminSessionsPageData, { kind: "selected" }>;
type Session = Selected["sessions"][number];

/** One labelled line of a merged cell: the label (a column's old name) and its value. */
function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span className={css.line}>
      <span className={css.lineLabel}>{label}</span> <span data-testid={testId}>{children}</span>
    </span>
  );
}

export function AdminSessionsTable({ data, busy }: { data: Selected; busy: boolean }) {
  const { t } = useTranslation();
  const deadline = useDeadlineText();
  const editPath = (id: number) => `/app/admin/cycles/${data.cycle.id}/calibration-sessions/${id}/edit`;
  const people = (s: Session) => (
    <>
      <Line label={t("calibrationSetup.columns.hrPartner")}>{peopleText([s.created_by])}</Line>
      <Line label={t("calibrationSetup.columns.sessionAdmin")}>{peopleText([s.session_admin])}</Line>
      <Line label={t("calibrationSetup.columns.panelists")}>{peopleText(s.panelists)}</Line>
      <Line label={t("calibrationSetup.columns.signOffParty")}>{peopleText(s.sign_off_parties)}</Line>
    </>
  );
  return (
    <Box component="section" aria-labelledby="admin-sessions-heading">
      <Typography variant="h6" component="h2" id="admin-sessions-heading" className={css.sectionHead}>
        {t("calibrationSetup.admin.sessions")}
      </Typography>
      <StackedTable
        stackBelow="md"
        testId="admin-sessions-table"
        ariaLabel={t("calibrationSetup.admin.tableLabel")}
        empty={data.sessions.length === 0}
        emptyText={t("calibrationSetup.admin.noSessions")}
        emptyTestId="admin-sessions-empty"
        head={
          <>
            <TableCell>{t("calibrationSetup.columns.name")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.state")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.people")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.deadline")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.participants")}</TableCell>
            <TableCell align="right">{t("calibrationSetup.columns.changedRatings")}</TableCell>
            <TableCell align="right">{t("calibrationSetup.columns.actions")}</TableCell>
          </>
        }
      >
        {data.sessions.map((s) => (
          <TableRow key={s.id} data-testid={`admin-session-row-${s.id}`}>
            <TableCell>
              <Link to={editPath(s.id)} data-testid={`admin-session-name-${s.id}`}>
                {s.name}
              </Link>
              <span className={css.line}>
                <span className={css.lineLabel}>{t("calibrationSetup.columns.workflow")}</span>{" "}
                <Typography component="code" variant="body2" className={css.code} data-testid={`admin-session-workflow-${s.id}`}>
                  {s.workflow_id}
                </Typography>
              </span>
              <span className={css.line}>
                <SessionInsightsLink sessionId={s.id} testId={`admin-session-insights-${s.id}`} />
              </span>
            </TableCell>
            <TableCell data-label={t("calibrationSetup.columns.state")}>
              <SessionStateChip state={s.state} testId={`admin-session-state-${s.id}`} />
            </TableCell>
            <TableCell data-label={t("calibrationSetup.columns.people")}>{people(s)}</TableCell>
            <TableCell data-label={t("calibrationSetup.columns.deadline")} data-testid={`admin-session-deadline-${s.id}`}>
              {deadline(s.deadline)}
            </TableCell>
            <TableCell data-label={t("calibrationSetup.columns.participants")}>
              <span className={css.count} data-testid={`admin-session-participants-${s.id}`}>
                {s.participant_count}
              </span>
              <Line label={t("calibrationSetup.columns.terminated")} testId={`admin-session-terminated-${s.id}`}>
                {s.terminated_count}
              </Line>
            </TableCell>
            <TableCell align="right" data-label={t("calibrationSetup.columns.changedRatings")} data-testid={`admin-session-changed-${s.id}`}>
              {s.changed_count}
            </TableCell>
            <SessionRowActions session={s} editPath={editPath(s.id)} testIdPrefix="admin" busy={busy} editLabel />
          </TableRow>
        ))}
      </StackedTable>
    </Box>
  );
}
