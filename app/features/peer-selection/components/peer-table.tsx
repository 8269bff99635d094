import type { ReactNode } from "react";
import { Paper, Table, TableBody, TableContainer, TableHead, TableRow, Typography } from "~/platform/ui/static";

/**
 * The peer selection pages' small outlined tables (as the platform's OutlinedTable, in static markup and CSS; issue 27):
 * `head` cells and `children` rows in a scrolling box, or, when `empty`, only `emptyText` in secondary colour.
 */
export function PeerTable({
  testId,
  ariaLabel,
  head,
  children,
  empty = false,
  emptyText,
  emptyTestId,
}: {
  testId?: string;
  ariaLabel?: string;
  head: ReactNode;
  children: ReactNode;
  empty?: boolean;
  emptyText?: ReactNode;
  emptyTestId?: string;
}) {
  if (empty) {
    return (
      <Typography color="text.secondary" data-testid={emptyTestId}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={ariaLabel} data-testid={testId}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
