import { pageTitle } from "~/platform/i18n/page-title";
import { useTranslation } from "react-i18next";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "~/platform/ui/static";
import { CyclePageFrame } from "~/features/cycles/components/cycle-page-frame";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { PanelStatusChip } from "~/features/peer-selection/components/status-chips";
import { readTeamPeerPage } from "~/features/peer-selection/page-reads.server";
import { cycleView, selectedCyclePage, teamView } from "~/features/peer-selection/pages.server";

export const handle = pageTitle("managerReview.titles.teamPeers");

/** /app/my-reportees/peer-finalization?cycle_id=: my direct reports with the state of each one's peer selection. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await selectedCyclePage(request);
  if (page.kind !== "selected") return { kind: page.kind, message: page.message, cycles: page.cycles } as const;
  const team = await readTeamPeerPage(page.current, page.cycle);
  return { kind: "selected", cycles: page.cycles, cycleId: page.cycleId, cycle: cycleView(team.cycle), team: teamView(team) } as const;
}

export default function TeamPeerSelection() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <CyclePageFrame title={t("peers.team.title")} data={data} cycle={(d) => d.cycle}>
      {({ team, cycleId }) => (
        <>
          <Typography color="text.secondary">
            {team.can_edit_stage
              ? t("peers.team.introOpen", { max: team.max_peers })
              : t("peers.team.introClosed")}
          </Typography>
          {team.direct_reports.length === 0 ? (
            <Alert severity="info" data-testid="team-empty">
              {t("peers.team.empty")}
            </Alert>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" aria-label={t("peers.team.table")} data-testid="team-selection-table">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t("peers.name")}</TableCell>
                      <TableCell>{t("peers.email")}</TableCell>
                      <TableCell>{t("peers.statusColumn")}</TableCell>
                      <TableCell align="right">{t("peers.team.selected")}</TableCell>
                      <TableCell align="right">{t("peers.team.accepted")}</TableCell>
                      <TableCell align="right">{t("peers.team.declined")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {team.direct_reports.map((r) => (
                      <TableRow key={r.email} data-testid={`team-row-${r.email}`}>
                        <TableCell>
                          <Link
                            to={`/app/my-reportees/${encodeURIComponent(r.email)}/peer-finalization?cycle_id=${cycleId}`}
                            data-testid={`team-link-${r.email}`}
                          >
                            {r.name}
                          </Link>
                          {r.job_title && (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {r.job_title}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{r.email}</TableCell>
                        <TableCell>
                          {r.reviewer_only ? (
                            <Typography variant="body2" color="text.secondary">
                              {t("peers.team.reviewerOnly")}
                            </Typography>
                          ) : (
                            <div data-testid={`team-status-${r.email}`}>
                              <PanelStatusChip status={r.panel_status} />
                            </div>
                          )}
                        </TableCell>
                        <TableCell align="right" data-testid={`team-selected-${r.email}`}>
                          {r.reviewer_only ? "—" : `${r.counters.selected} / ${r.counters.max}`}
                        </TableCell>
                        <TableCell align="right">{r.reviewer_only ? "—" : r.counters.accepted}</TableCell>
                        <TableCell align="right">{r.reviewer_only ? "—" : r.counters.declined}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          )}
        </>
      )}
    </CyclePageFrame>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
