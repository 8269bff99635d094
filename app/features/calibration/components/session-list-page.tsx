import { useTranslation } from "react-i18next";
import { Link, Stack, TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SessionStateChip, peopleText, useDeadlineText } from "~/features/calibration/components/session-setup-parts";
import { meetingPaths, type MeetingRole, type SessionListPageData } from "~/features/calibration/meeting-page-types";

/** Each role's list heading (the spec's page names). */
const HEADINGS: Record<MeetingRole, TranslationKey> = {
  session_admin: "calibrationSetup.headings.sessionAdmin",
  panelist: "calibrationSetup.headings.panelist",
  sign_off: "calibrationSetup.headings.signOff",
};

/**
 * My calibration sessions (as session admin, panelist or sign-off party) in the cycle of ?cycle_id=, with the cycle
 * switcher. Static markup (issue 27); below 960 px the rows are stacked (ADR 0068). In the reader's language (issue 28).
 */
export function SessionListPage({ data }: { data: SessionListPageData }) {
  const { t } = useTranslation();
  const deadline = useDeadlineText();
  return (
    <Stack spacing={3} style={{ maxWidth: 1200 }}>
      <CyclePageHeader title={t(HEADINGS[data.role])} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} message={t(data.kind === "invalid" ? "calibrationSetup.cycle.invalid" : "calibrationSetup.cycle.listNone")} />
      ) : (
        <StackedTable
          stackBelow="md"
          testId="meeting-sessions"
          ariaLabel={t("calibrationSetup.list.tableLabel")}
          empty={data.sessions.length === 0}
          emptyText={t("calibrationSetup.list.empty")}
          emptyTestId="meeting-sessions-empty"
          head={
            <>
              <TableCell>{t("calibrationSetup.columns.session")}</TableCell>
              <TableCell>{t("calibrationSetup.columns.state")}</TableCell>
              <TableCell>{t("calibrationSetup.columns.deadline")}</TableCell>
              <TableCell align="right">{t("calibrationSetup.columns.participants")}</TableCell>
              <TableCell align="right">{t("calibrationSetup.columns.changedRatings")}</TableCell>
              <TableCell>{t("calibrationSetup.columns.sessionAdmin")}</TableCell>
            </>
          }
        >
          {data.sessions.map((s) => (
            <TableRow key={s.id} data-testid={`meeting-session-row-${s.id}`}>
              <TableCell>
                <Link to={meetingPaths.session(data.role, s.id, data.cycleId)} data-testid={`meeting-session-link-${s.id}`}>
                  {s.name}
                </Link>
              </TableCell>
              <TableCell data-label={t("calibrationSetup.columns.state")}>
                <SessionStateChip state={s.state} testId={`meeting-session-state-${s.id}`} />
              </TableCell>
              <TableCell data-label={t("calibrationSetup.columns.deadline")}>{deadline(s.deadline)}</TableCell>
              <TableCell align="right" data-label={t("calibrationSetup.columns.participants")}>
                {s.participant_count}
              </TableCell>
              <TableCell align="right" data-label={t("calibrationSetup.columns.changedRatings")}>
                {s.changed_count}
              </TableCell>
              <TableCell data-label={t("calibrationSetup.columns.sessionAdmin")}>{peopleText([s.session_admin])}</TableCell>
            </TableRow>
          ))}
        </StackedTable>
      )}
    </Stack>
  );
}
