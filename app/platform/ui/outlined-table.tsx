import { Paper, Table, TableBody, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";

/**
 * A small outlined table (data-testid `testId`, aria-label `ariaLabel`) with the `head` cells and `children` rows,
 * or, when `empty`, only `emptyText` in secondary colour (data-testid `emptyTestId`).
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
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={ariaLabel} data-testid={testId}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
