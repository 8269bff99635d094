import type { ReactNode } from "react";
import { Paper, Table, TableBody, TableContainer, TableHead, TableRow, Typography } from "~/platform/ui/static";

/**
 * A small outlined table (data-testid `testId`, aria-label `ariaLabel`) with the `head` cells and `children` rows in a
 * scrolling box, or, when `empty`, only `emptyText` in secondary colour (data-testid `emptyTestId`). Static markup and
 * CSS (issue 27); StackedTable is the one that becomes stacked rows on a narrow screen.
 */
export function OutlinedTable({
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
