import { createContext, useContext, type ElementType, type ReactNode } from "react";
import css from "~/platform/ui/static.module.css";
import { cx, type Common } from "~/platform/ui/static-common";

/** The static primitives for data (issue 27, ADR 0062): MUI's Table, List, Alert and LinearProgress, drawn with fixed classes. */

const TableCtx = createContext<{ small: boolean; head: boolean }>({ small: false, head: false });

export function TableContainer({ component: Tag = "div", className, ...rest }: Common & { component?: ElementType }) {
  return <Tag className={cx(css.tableContainer, className)} {...rest} />;
}

export function Table({ size = "medium", stickyHeader, className, ...rest }: Common & { size?: "small" | "medium"; stickyHeader?: boolean }) {
  return (
    <TableCtx.Provider value={{ small: size === "small", head: false }}>
      <table className={cx(css.table, stickyHeader && css.stickyHead, className)} {...rest} />
    </TableCtx.Provider>
  );
}

export function TableHead(props: Common) {
  const { small } = useContext(TableCtx);
  return (
    <TableCtx.Provider value={{ small, head: true }}>
      <thead {...props} />
    </TableCtx.Provider>
  );
}

export function TableBody(props: Common) {
  return <tbody {...props} />;
}

export function TableRow({ hover, selected, className, ...rest }: Common & { hover?: boolean; selected?: boolean }) {
  return <tr className={cx(css.tr, hover && css.trHover, selected && css.trSelected, className)} aria-selected={selected || undefined} {...rest} />;
}

export type TableCellProps = Common & {
  align?: "left" | "right" | "center";
  component?: "th" | "td";
  scope?: string;
  colSpan?: number;
  rowSpan?: number;
  padding?: "checkbox" | "none" | "normal";
  variant?: "head" | "body";
};

/** A cell: a `th` with the head's look inside TableHead (or with variant "head"), a `td` elsewhere. */
export function TableCell({ align, component, padding = "normal", variant, className, style, ...rest }: TableCellProps) {
  const ctx = useContext(TableCtx);
  const head = variant ? variant === "head" : ctx.head;
  const Tag = component ?? (head ? "th" : "td");
  const classes = cx(css.cell, ctx.small && css.cellSmall, head && css.cellHead, padding === "checkbox" && css.cellCheckbox, padding === "none" && css.cellNone, className);
  return <Tag className={classes} style={align && align !== "left" ? { textAlign: align, ...style } : style} {...rest} />;
}

export function List({ dense, disablePadding, component: Tag = "ul", className, ...rest }: Common & { dense?: boolean; disablePadding?: boolean; component?: ElementType }) {
  return <Tag className={cx(css.list, dense && css.listDense, disablePadding && css.listNoPad, className)} {...rest} />;
}

export function ListItem({ secondaryAction, disablePadding, component: Tag = "li", className, children, ...rest }: Common & { secondaryAction?: ReactNode; disablePadding?: boolean; component?: ElementType }) {
  return (
    <Tag className={cx(css.listItem, disablePadding && css.listItemNoPad, secondaryAction != null && css.listItemAction, className)} {...rest}>
      {children}
      {secondaryAction != null && <div className={css.secondaryAction}>{secondaryAction}</div>}
    </Tag>
  );
}

export function ListItemText({ primary, secondary, className, ...rest }: Omit<Common, "children"> & { primary: ReactNode; secondary?: ReactNode }) {
  return (
    <div className={cx(css.listItemText, className)} {...rest}>
      <span className={cx(css.t, css.body1)} style={{ display: "block" }}>
        {primary}
      </span>
      {secondary && (
        <span className={cx(css.t, css.body2, css.cTextSecondary)} style={{ display: "block" }}>
          {secondary}
        </span>
      )}
    </div>
  );
}

export function ListItemIcon({ className, ...rest }: Common) {
  return <div className={cx(css.listItemIcon, className)} {...rest} />;
}

/** The icons MUI's Alert shows per severity (Material icons' paths). */
const ALERT_ICON = {
  success:
    "M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z",
  warning: "M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z",
  error:
    "M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z",
  info: "M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z",
} as const;
const SEVERITY = { success: css.aSuccess, info: css.aInfo, warning: css.aWarning, error: css.aError } as const;

export type AlertProps = Common & {
  severity?: keyof typeof SEVERITY;
  variant?: "standard" | "outlined" | "filled";
  title?: ReactNode;
  action?: ReactNode;
  icon?: false;
};

/** MUI's Alert (role "alert" unless `role` is given). */
export function Alert({ severity = "success", variant = "standard", title, action, icon, role = "alert", className, children, ...rest }: AlertProps) {
  return (
    <div role={role} className={cx(css.alert, SEVERITY[severity], variant === "outlined" && css.alertOutlined, variant === "filled" && css.alertFilled, className)} {...rest}>
      {icon !== false && (
        <div className={css.alertIcon}>
          <svg viewBox="0 0 24 24" focusable="false" aria-hidden="true">
            <path d={ALERT_ICON[severity]} />
          </svg>
        </div>
      )}
      <div className={css.alertMessage}>
        {title && <div className={css.alertTitle}>{title}</div>}
        {children}
      </div>
      {action && <div className={css.alertAction}>{action}</div>}
    </div>
  );
}

/** MUI's determinate LinearProgress. */
export function LinearProgress({ value, color = "primary", className, ...rest }: Omit<Common, "children"> & { value: number; color?: "primary" | "secondary" }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <span
      role="progressbar"
      aria-valuenow={Math.round(v)}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cx(css.progress, color === "secondary" && css.progressSecondary, className)}
      style={{ display: "block" }}
      {...rest}
    >
      <span className={css.progressBar} style={{ width: `${v}%` }} />
    </span>
  );
}
