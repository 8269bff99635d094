import { ButtonLink, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import css from "~/features/promotions/components/pages.module.css";
import { isEndorsementOpen } from "~/features/promotions/rules";
import { deadlineText } from "~/features/calibration/session-setup";
import { useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { endorsementPaths, type EndorsementListPageData } from "~/features/promotions/endorser-page-types";
import { EndorsementStatusChip } from "~/features/promotions/components/endorsement-parts";

/**
 * /app/promotions/endorsements ('Endorsement Requests'): the signed-in user's endorsement requests, newest
 * first, with an Answer link while a request is open and a View link. Loader: endorser-pages.server.ts.
 */
export function EndorsementListPage({ data }: { data: EndorsementListPageData }) {
  useSetupToasts(undefined);
  const rows = data.endorsements;
  return (
    <div className={css.page}>
      <Typography variant="h4" component="h1">
        Endorsement Requests
      </Typography>
      <Typography color="text.secondary">
        People running promotion calibration sessions ask you to endorse a nomination: accept or reject each request, then write your endorsement before its
        deadline.
      </Typography>
      <StackedTable
        testId="endorsements-table"
        ariaLabel="Endorsement requests"
        empty={rows.length === 0}
        emptyText="You have no endorsement requests."
        emptyTestId="endorsements-empty"
        head={
          <>
            <TableCell>Nominee</TableCell>
            <TableCell>Cycle</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell>Deadline</TableCell>
            <TableCell align="right">Actions</TableCell>
          </>
        }
      >
        {rows.map((e) => (
          <TableRow key={e.id} data-testid={`endorsement-row-${e.id}`}>
            <TableCell data-testid={`endorsement-nominee-${e.id}`}>
              {e.nominee.name}
              <Typography variant="body2" color="text.secondary" component="span" className={css.block}>
                {e.nominee.email}
              </Typography>
            </TableCell>
            <TableCell data-label="Cycle">{e.cycle_name}</TableCell>
            {/* No column name on a phone: the chip says the status, and takes the whole line (a chip is never cut). */}
            <TableCell>
              <EndorsementStatusChip status={e.status} label={e.status_label} testId={`endorsement-status-${e.id}`} />
            </TableCell>
            <TableCell data-label="Outcome" data-testid={`endorsement-outcome-${e.id}`}>{e.outcome_label}</TableCell>
            <TableCell data-label="Deadline">{deadlineText(e.deadline)}</TableCell>
            <TableCell align="right" data-label="Actions">
              <div className={`${css.actions} ${css.end}`}>
                {isEndorsementOpen(e.status) && (
                  <ButtonLink
                    size="small"
                    variant="contained"
                    to={endorsementPaths.endorse(e.id, e.cycle_id)}
                    aria-label={`Answer the request about ${e.nominee.name}`}
                    data-testid={`endorsement-answer-${e.id}`}
                  >
                    Answer
                  </ButtonLink>
                )}
                <ButtonLink
                  size="small"
                  to={endorsementPaths.view(e.id, e.cycle_id)}
                  aria-label={`View the request about ${e.nominee.name}`}
                  data-testid={`endorsement-view-${e.id}`}
                >
                  View
                </ButtonLink>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </div>
  );
}
