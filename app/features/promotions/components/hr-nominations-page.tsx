import { Box, ButtonLink, Link, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { SessionTable } from "~/features/calibration/components/session-table";
import type { NominationRowJson } from "~/features/promotions/types";
import { hrPaths, type NominationsPageData } from "~/features/promotions/hr-page-types";
import { EndorsementStatusButton } from "~/features/promotions/components/endorsement-status-dialog";
import css from "~/features/promotions/components/hr-pages.module.css";

/**
 * /app/promotions/hr-partners/nominations ('Run Promotion Calibration Session'): the nominations of the HR
 * partner's people in the cycle of ?cycle_id= (their session, endorsements and decision) and their promotion
 * sessions (open one; edit it while a draft). Loader: hr-partner-pages.server.ts. Static markup (issue 27): the
 * nominations table is stacked rows below 960 px.
 */

type Selected = Extract<NominationsPageData, { kind: "selected" }>;

export function HrNominationsPage({ data }: { data: NominationsPageData }) {
  useSetupToasts(undefined);
  return (
    <Stack spacing={3} className={css.page}>
      <CyclePageHeader title="Run Promotion Calibration Session" cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind === "selected" ? <CycleContent data={data} /> : <CycleMessage kind={data.kind} message={data.message} />}
    </Stack>
  );
}

function CycleContent({ data }: { data: Selected }) {
  const { cycle } = data;
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state} size="medium" />
        <Typography color="text.secondary" data-testid="hr-stage-note">
          {cycle.state === "calibration"
            ? "The cycle is in calibration: activate your promotion sessions to start them."
            : "Set up draft promotion sessions now; they can be activated once the cycle reaches the calibration stage."}
        </Typography>
      </Stack>
      <SessionsSection data={data} />
      <NominationsSection nominations={data.nominations} cycleId={cycle.id} />
    </>
  );
}

function SessionsSection({ data }: { data: Selected }) {
  const cycleId = data.cycle.id;
  return (
    <Box component="section" aria-labelledby="hr-sessions-heading">
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.sectionHead}>
        <Typography variant="h6" component="h2" id="hr-sessions-heading" className={css.grow}>
          Promotion sessions
        </Typography>
        <ButtonLink to={hrPaths.create(cycleId)} variant="contained" data-testid="hr-create-session">
          Create session
        </ButtonLink>
      </Stack>
      <SessionTable
        prefix="hr"
        ariaLabel="Promotion sessions"
        emptyText="You have no promotion sessions in this cycle yet."
        sessions={data.sessions}
        name={{
          cell: (s) => (
            <Link to={hrPaths.session(s.id, cycleId)} data-testid={`hr-session-link-${s.id}`}>
              {s.name}
            </Link>
          ),
        }}
        before={[
          { head: "Nominations", testId: "hr-session-count", cell: (s) => s.nomination_count },
          { head: "Decided", testId: "hr-session-decided", cell: (s) => s.decided_count },
        ]}
        actions={(s) => (
          <TableCell align="right" data-label="Actions">
            <Stack direction="row" spacing={1} justifyContent="flex-end" flexWrap>
              <ButtonLink
                size="small"
                to={hrPaths.session(s.id, cycleId)}
                aria-label={`Open ${s.name}`}
                data-testid={`hr-session-open-${s.id}`}
              >
                Open
              </ButtonLink>
              {s.state === "draft" && s.created_by?.id === data.myId && (
                <ButtonLink
                  size="small"
                  to={hrPaths.edit(s.id, cycleId)}
                  aria-label={`Edit ${s.name}`}
                  data-testid={`hr-session-edit-${s.id}`}
                >
                  Edit
                </ButtonLink>
              )}
            </Stack>
          </TableCell>
        )}
      />
    </Box>
  );
}

function NominationsSection({ nominations, cycleId }: { nominations: NominationRowJson[]; cycleId: number }) {
  return (
    <Box component="section" aria-labelledby="hr-nominations-heading">
      <Typography variant="h6" component="h2" id="hr-nominations-heading" className={css.sectionHead}>
        Nominations
      </Typography>
      <StackedTable
        stackBelow="md"
        testId="hr-nominations-table"
        ariaLabel="Nominations"
        empty={nominations.length === 0}
        emptyText="No promotion nominations in this cycle yet."
        emptyTestId="hr-nominations-empty"
        head={
          <>
            <TableCell>Nominee</TableCell>
            <TableCell>Manager</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Session</TableCell>
            <TableCell>Endorsements</TableCell>
            <TableCell>Decision</TableCell>
          </>
        }
      >
        {nominations.map((n) => {
          const done = n.endorsement_counts.endorsed;
          const open = n.endorsement_counts.requested + n.endorsement_counts.accepted;
          return (
            <TableRow key={n.id} data-testid={`hr-nomination-row-${n.id}`}>
              <TableCell>
                {n.nominee.name}
                <Typography variant="body2" color="text.secondary" component="span" className={css.block}>
                  {n.nominee.email}
                </Typography>
              </TableCell>
              <TableCell data-label="Manager">{n.manager?.name ?? "—"}</TableCell>
              <TableCell data-label="Status" data-testid={`hr-nomination-status-${n.id}`}>{n.status === "nominated" ? "Nominated" : "Withdrawn"}</TableCell>
              <TableCell data-label="Session" data-testid={`hr-nomination-session-${n.id}`}>
                {n.session ? (
                  <Link to={hrPaths.session(n.session.id, cycleId)}>
                    {n.session.name}
                  </Link>
                ) : (
                  "Not in a session"
                )}
              </TableCell>
              <TableCell data-label="Endorsements">
                <Stack direction="row" spacing={1} alignItems="center" flexWrap>
                  <Typography variant="body2" data-testid={`hr-nomination-endorsement-counts-${n.id}`}>
                    {n.endorsements.length === 0 ? "None" : `${done} completed · ${open} open`}
                  </Typography>
                  <EndorsementStatusButton nomineeName={n.nominee.name} endorsements={n.endorsements} testId={`hr-nomination-endorsements-${n.id}`} />
                </Stack>
              </TableCell>
              <TableCell data-label="Decision" data-testid={`hr-nomination-decision-${n.id}`}>{n.decision?.label ?? n.promotion_decision?.label ?? "—"}</TableCell>
            </TableRow>
          );
        })}
      </StackedTable>
    </Box>
  );
}
