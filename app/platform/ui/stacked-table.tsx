import type { ReactNode } from "react";
import { Paper, Table, TableBody, TableHead, TableRow, Typography, cx } from "~/platform/ui/static";
import css from "~/platform/ui/stacked-table.module.css";

/**
 * A small outlined table (as OutlinedTable, with the static primitives) that becomes stacked rows below `stackBelow`
 * (sm 600 px, md 960 px, lg 1280 px; issue 27, ADR 0068): each body cell then shows its column's name from its `data-label`
 * ("Peer selection: 2 accepted"), a cell without one (the row's name) takes the whole line, and no text is cut.
 * Give every body cell but the first `data-label` with its column's header text.
 */
export function StackedTable({
  testId,
  ariaLabel,
  head,
  children,
  empty = false,
  emptyText,
  emptyTestId,
  stackBelow = "md",
  compact = false,
}: {
  testId?: string;
  ariaLabel?: string;
  head: ReactNode;
  children: ReactNode;
  empty?: boolean;
  emptyText?: ReactNode;
  emptyTestId?: string;
  stackBelow?: "sm" | "md" | "lg";
  /** 8 px each side of a cell instead of 16/24, for many short columns. */
  compact?: boolean;
}) {
  if (empty) {
    return (
      <Typography color="text.secondary" data-testid={emptyTestId}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" className={css.box}>
      <Table size="small" aria-label={ariaLabel} data-testid={testId} className={cx(css[stackBelow], compact && css.compact)}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Paper>
  );
}
