import { Link, Stack, TableCell, TableRow } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import { deadlineText } from "~/features/calibration/session-setup";
import type { PromotionSessionJson } from "~/features/promotions/types";

/**
 * The promotion panelist's and sign-off party's lists of their promotion calibration sessions in the cycle of
 * ?cycle_id= (with the cycle switcher), and the paths of their pages.
 */

export type PromotionPageRole = "panelist" | "sign_off";

export const PROMOTION_PAGES: Record<PromotionPageRole, { list: string; title: string }> = {
  panelist: {
    list: "/app/promotions/calibration-panelist/sessions",
    title: "Review Promotion Calibration Session",
  },
  sign_off: {
    list: "/app/promotions/sign-off-party/sessions",
    title: "Sign-off Promotion Calibration Session",
  },
};

export const promotionPaths = {
  list: (role: PromotionPageRole, cycleId: number) => `${PROMOTION_PAGES[role].list}?cycle_id=${cycleId}`,
  /** A session page; with `nominationId`, that nomination open (its comment thread, for panelists its feedback summary). */
  session: (role: PromotionPageRole, sessionId: number, cycleId: number, nominationId?: number | null) =>
    `${PROMOTION_PAGES[role].list}/${sessionId}?cycle_id=${cycleId}${nominationId ? `&nomination=${nominationId}` : ""}`,
  /** The live-update stream of the session's version (app/routes/app.calibration-sessions.$sessionId.events.ts). */
  events: (role: PromotionPageRole, sessionId: number, cycleId: number) =>
    `/app/calibration-sessions/${sessionId}/events?cycle_id=${cycleId}&role=${role}&kind=promotion`,
};

export type PromotionListPageData = {
  role: PromotionPageRole;
  cycles: Array<{ id: number; name: string }>;
} & ({ kind: "selected"; cycleId: number; sessions: PromotionSessionJson[] } | { kind: "none" | "invalid"; message: string });

export function PromotionSessionListPage({ data }: { data: PromotionListPageData }) {
  return (
    <Stack spacing={3} style={{ maxWidth: 1200 }}>
      <CyclePageHeader title={PROMOTION_PAGES[data.role].title} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} message={data.message} />
      ) : (
        <StackedTable
          testId="promotion-sessions"
          ariaLabel="Promotion calibration sessions"
          empty={data.sessions.length === 0}
          emptyText="You have no promotion calibration session in this cycle."
          emptyTestId="promotion-sessions-empty"
          head={
            <>
              <TableCell>Session</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Deadline</TableCell>
              <TableCell align="right">Nominations</TableCell>
              <TableCell align="right">Decided</TableCell>
              <TableCell>Session admin</TableCell>
            </>
          }
        >
          {data.sessions.map((s) => (
            <TableRow key={s.id} data-testid={`promotion-session-row-${s.id}`}>
              <TableCell component="th" scope="row">
                <Link to={promotionPaths.session(data.role, s.id, data.cycleId)} data-testid={`promotion-session-link-${s.id}`}>
                  {s.name}
                </Link>
              </TableCell>
              <TableCell data-label="State">
                <SessionStateChip state={s.state} testId={`promotion-session-state-${s.id}`} />
              </TableCell>
              <TableCell data-label="Deadline">{deadlineText(s.deadline)}</TableCell>
              <TableCell align="right" data-label="Nominations">
                {s.nomination_count}
              </TableCell>
              <TableCell align="right" data-label="Decided">
                {s.decided_count}
              </TableCell>
              <TableCell data-label="Session admin">{peopleText([s.session_admin])}</TableCell>
            </TableRow>
          ))}
        </StackedTable>
      )}
    </Stack>
  );
}
