import type { ReactNode } from "react";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The look of MUI's small outlined table (TableContainer on an outlined Paper, Table size="small") for plain
 * <table> markup inside it, styled once by this wrapper's class (static CSS from the tokens, issue 27) instead of
 * an MUI TableRow/TableCell (each with its own styles) per row. Cell classes: `num` (right-aligned), `nowrap`,
 * `pre-wrap`, `note` (caption, secondary), `block`, `warn` (warning colour).
 */
export function PlainTable({ children, className, "data-testid": testId }: { children: ReactNode; className?: string; "data-testid"?: string }) {
  return (
    <div className={className ? `${css.plain} ${className}` : css.plain} data-testid={testId}>
      {children}
    </div>
  );
}
