import type { ReactNode } from "react";
import css from "~/platform/ui/plain-table.module.css";

/**
 * The look of MUI's small outlined table for plain <table> markup inside it, styled once by this wrapper's class
 * (static CSS from the tokens, issue 27) instead of an MUI TableRow/TableCell (each with its own styles) per row.
 * Cell classes: `num` (right-aligned), `nowrap`, `pre-wrap`, `note` (caption, secondary), `block`, `warn`.
 * Used by the calibration meeting, the promotion pages and the performance trends.
 */
export function PlainTable({ children, className, "data-testid": testId }: { children: ReactNode; className?: string; "data-testid"?: string }) {
  return (
    <div className={className ? `${css.plain} ${className}` : css.plain} data-testid={testId}>
      {children}
    </div>
  );
}
