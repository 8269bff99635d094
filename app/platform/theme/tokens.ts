/**
 * The design tokens, written once (spec §9; issue 27, ADR 0062): the MUI theme (theme.ts) is made from them, and the
 * static stylesheets of the server-rendered frame read them as CSS custom properties (`--pmr-*`, TOKENS_CSS, written
 * once into every page's <head> by root.tsx). Media queries cannot read custom properties: the static stylesheets
 * repeat the breakpoints below in their `@media` lines.
 */
export const TOKENS = {
  color: {
    primary: "#2e7d32",
    primaryDark: "#205723",
    onPrimary: "#ffffff",
    secondary: "#0d2c54",
    secondaryDark: "#091e3a",
    onSecondary: "#ffffff",
    success: "#2e7d32",
    successDark: "#1b5e20",
    onSuccess: "#ffffff",
    warning: "#a84a00",
    info: "#01579b",
    error: "#d32f2f",
    text: "rgba(0, 0, 0, 0.87)",
    textSecondary: "rgba(0, 0, 0, 0.6)",
    divider: "rgba(0, 0, 0, 0.12)",
    background: "#f6f8f7",
    paper: "#ffffff",
    hover: "rgba(0, 0, 0, 0.04)",
    selected: "rgba(0, 0, 0, 0.08)",
    focus: "rgba(0, 0, 0, 0.12)",
    tooltip: "rgba(97, 97, 97, 0.92)",
  },
  font: { family: "Roboto, 'Helvetica Neue', Arial, sans-serif", size: 16 },
  radius: 4,
  spacing: 8,
  breakpoints: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 },
  drawerWidth: 260,
  dialogWidth: 550,
  shadow: {
    drawer: "none",
    appBar: "0px 2px 4px -1px rgba(0,0,0,0.2),0px 4px 5px 0px rgba(0,0,0,0.14),0px 1px 10px 0px rgba(0,0,0,0.12)",
    fab: "0px 3px 5px -1px rgba(0,0,0,0.2),0px 6px 10px 0px rgba(0,0,0,0.14),0px 1px 18px 0px rgba(0,0,0,0.12)",
    button: "0px 3px 1px -2px rgba(0,0,0,0.2),0px 2px 2px 0px rgba(0,0,0,0.14),0px 1px 5px 0px rgba(0,0,0,0.12)",
  },
  zIndex: { appBar: 1100, drawer: 1200, speedDial: 1050, tooltip: 1500 },
} as const;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The tokens as CSS custom properties on :root (a constant: made once when the module loads). */
export const TOKENS_CSS = `:root{${[
  ...Object.entries(TOKENS.color).map(([k, v]) => `--pmr-color-${kebab(k)}:${v}`),
  ...Object.entries(TOKENS.shadow).map(([k, v]) => `--pmr-shadow-${kebab(k)}:${v}`),
  ...Object.entries(TOKENS.zIndex).map(([k, v]) => `--pmr-z-${kebab(k)}:${v}`),
  `--pmr-font-family:${TOKENS.font.family}`,
  `--pmr-font-size:${TOKENS.font.size}px`,
  `--pmr-radius:${TOKENS.radius}px`,
  `--pmr-space:${TOKENS.spacing}px`,
  `--pmr-drawer-width:${TOKENS.drawerWidth}px`,
  `--pmr-dialog-width:${TOKENS.dialogWidth}px`,
].join(";")}}`;
