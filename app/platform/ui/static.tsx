import { Link as RemixLink } from "@remix-run/react";
import type { CSSProperties, ElementType, MouseEventHandler, ReactNode } from "react";
import css from "~/platform/ui/static.module.css";
import { cx, type Common } from "~/platform/ui/static-common";

export { cx, type Common };

/**
 * The static primitives (issue 27, ADR 0062): MUI's look for what a page shows without interaction — plain elements with
 * fixed classes from the tokens, so a server render does no style work. Named and shaped like MUI's components (only the
 * props listed) so that a page converts by its imports. Tables, lists, alerts, progress: ./static-data.
 */

type Variant = "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "subtitle1" | "subtitle2" | "body1" | "body2" | "caption" | "overline" | "button";
const ELEMENT: Record<Variant, ElementType> = {
  h1: "h1", h2: "h2", h3: "h3", h4: "h4", h5: "h5", h6: "h6",
  subtitle1: "h6", subtitle2: "h6", body1: "p", body2: "p", caption: "span", overline: "span", button: "span",
};
const COLOR = {
  primary: css.cPrimary, secondary: css.cSecondary, "text.primary": css.cText, "text.secondary": css.cTextSecondary,
  error: css.cError, "success.main": css.cSuccess, "warning.main": css.cWarning, inherit: css.cInherit,
} as const;

export type TypographyProps = Common & {
  variant?: Variant;
  component?: ElementType;
  color?: keyof typeof COLOR;
  gutterBottom?: boolean;
  noWrap?: boolean;
  fontWeight?: "bold" | "medium";
  align?: "left" | "center" | "right";
};

export function Typography({ variant = "body1", component, color, gutterBottom, noWrap, fontWeight, align, className, ...rest }: TypographyProps) {
  const Tag = component ?? ELEMENT[variant];
  const classes = cx(
    css.t,
    variant === "button" ? css.buttonText : css[variant],
    color && COLOR[color],
    gutterBottom && css.gutterBottom,
    noWrap && css.noWrap,
    fontWeight && css[fontWeight],
    align && css[`align${align[0]!.toUpperCase()}${align.slice(1)}`],
    className,
  );
  return <Tag className={classes} {...rest} />;
}

type Surface = Common & { variant?: "outlined" | "elevation"; component?: ElementType };

export function Paper({ variant = "elevation", component: Tag = "div", className, ...rest }: Surface) {
  return <Tag className={cx(css.paper, variant === "outlined" ? css.outlined : css.elevation, className)} {...rest} />;
}

export function Card({ className, ...rest }: Surface) {
  return <Paper className={cx(css.card, className)} {...rest} />;
}

export function CardContent({ className, ...rest }: Common) {
  return <div className={cx(css.cardContent, className)} {...rest} />;
}

export function CardHeader({ title, subheader, action, className, ...rest }: Common & { title: ReactNode; subheader?: ReactNode; action?: ReactNode }) {
  return (
    <div className={cx(css.cardHeader, className)} {...rest}>
      <div className={css.cardHeaderText}>
        <Typography variant="h5" component="span" style={{ display: "block" }}>
          {title}
        </Typography>
        {subheader && (
          <Typography variant="body1" component="span" color="text.secondary" style={{ display: "block" }}>
            {subheader}
          </Typography>
        )}
      </div>
      {action && <div className={css.cardHeaderAction}>{action}</div>}
    </div>
  );
}

export function CardActions({ className, ...rest }: Common) {
  return <div className={cx(css.cardActions, className)} {...rest} />;
}

const GAP = { 0: css.g0, 0.5: css.g05, 1: css.g1, 1.5: css.g15, 2: css.g2, 3: css.g3, 4: css.g4 } as const;

export type StackProps = Common & {
  direction?: "row" | "column";
  spacing?: keyof typeof GAP;
  alignItems?: CSSProperties["alignItems"];
  justifyContent?: CSSProperties["justifyContent"];
  flexWrap?: boolean;
  component?: ElementType;
};

/** MUI's Stack with `useFlexGap`: the children `spacing` × 8 px apart. */
export function Stack({ direction = "column", spacing = 0, alignItems, justifyContent, flexWrap, component: Tag = "div", className, style, ...rest }: StackProps) {
  const s = alignItems || justifyContent ? { alignItems, justifyContent, ...style } : style;
  return <Tag className={cx(css.stack, direction === "row" && css.row, GAP[spacing], flexWrap && css.wrap, className)} style={s} {...rest} />;
}

export function Box({ component: Tag = "div", ...rest }: Common & { component?: ElementType }) {
  return <Tag {...rest} />;
}

export function Divider({ component: Tag = "hr", className, ...rest }: Common & { component?: ElementType }) {
  return <Tag className={cx(css.divider, className)} {...rest} />;
}

type ButtonLook = {
  variant?: "contained" | "outlined" | "text";
  color?: "primary" | "secondary" | "error" | "inherit";
  size?: "small" | "medium" | "large";
  startIcon?: ReactNode;
  fullWidth?: boolean;
};
const B_COLOR = { primary: css.bPrimary, secondary: css.bSecondary, error: css.bError, inherit: css.bInherit } as const;
const B_VARIANT = { contained: css.contained, outlined: css.outlinedButton, text: css.text } as const;

/** The classes of a button drawn as MUI's Button (for an element a page draws itself, e.g. a form's submit link). */
export function buttonClass({ variant = "text", color = "primary", size = "medium", fullWidth }: ButtonLook, className?: string) {
  return cx(css.button, B_COLOR[color], B_VARIANT[variant], size !== "medium" && css[size], fullWidth && css.fullWidth, className);
}

const withIcon = (icon: ReactNode, children: ReactNode) => (
  <>
    {icon && <span className={css.startIcon}>{icon}</span>}
    {children}
  </>
);

export type ButtonProps = Common &
  ButtonLook & {
    type?: "button" | "submit" | "reset";
    disabled?: boolean;
    onClick?: MouseEventHandler<HTMLButtonElement>;
    name?: string;
    value?: string;
    form?: string;
  };

export function Button({ variant, color, size, startIcon, fullWidth, type = "button", className, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, color, size, fullWidth }, className)} {...rest}>
      {withIcon(startIcon, children)}
    </button>
  );
}

export type ButtonLinkProps = Common &
  ButtonLook & { to: string; prefetch?: "none" | "intent" | "render" | "viewport"; reloadDocument?: boolean; replace?: boolean };

export function ButtonLink({ variant, color, size, startIcon, fullWidth, className, children, ...rest }: ButtonLinkProps) {
  return (
    <RemixLink className={buttonClass({ variant, color, size, fullWidth }, className)} {...rest}>
      {withIcon(startIcon, children)}
    </RemixLink>
  );
}

export type LinkProps = Common & { underline?: "always" | "hover" | "none"; reloadDocument?: boolean } & ({ to: string; href?: never } | { href: string; to?: never; target?: string; rel?: string });

/** MUI's Link: a Remix link inside the app (`to`), a plain anchor for an address outside it (`href`). */
export function Link({ underline = "always", className, ...rest }: LinkProps) {
  const classes = cx(css.link, underline === "hover" && css.linkHover, underline === "none" && css.linkNone, className);
  if ("to" in rest && rest.to !== undefined) return <RemixLink className={classes} {...rest} to={rest.to} />;
  return <a className={classes} {...rest} />;
}

const CH_COLOR = {
  default: css.chDefault, primary: css.chPrimary, secondary: css.chSecondary, success: css.chSuccess,
  warning: css.chWarning, error: css.chError, info: css.chInfo,
} as const;

export type ChipProps = Omit<Common, "children"> & {
  label: ReactNode;
  color?: keyof typeof CH_COLOR;
  variant?: "filled" | "outlined";
  size?: "small" | "medium";
  icon?: ReactNode;
  /** In a narrow cell (a stacked row on a phone, a longer language) the label wraps onto more lines instead of ending in '…'. */
  wrap?: boolean;
};

/** MUI's Chip as a label (not interactive). */
export function Chip({ label, color = "default", variant = "filled", size = "medium", icon, wrap = false, className, ...rest }: ChipProps) {
  return (
    <span
      className={cx(css.chip, CH_COLOR[color], variant === "outlined" && css.chipOutlined, size === "small" && css.chipSmall, wrap && css.chipWrap, className)}
      {...rest}
    >
      {icon && <span className={css.chipIcon}>{icon}</span>}
      <span className={css.chipLabel}>{label}</span>
    </span>
  );
}

export function Avatar({ src, alt, className, children, ...rest }: Common & { src?: string; alt?: string }) {
  return (
    <div className={cx(css.avatar, className)} {...rest}>
      {src ? <img src={src} alt={alt ?? ""} /> : children}
    </div>
  );
}

export { Table, TableHead, TableBody, TableRow, TableCell, TableContainer, List, ListItem, ListItemText, ListItemIcon, Alert, LinearProgress } from "~/platform/ui/static-data";
