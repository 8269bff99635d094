import { createTheme, type Theme } from "@mui/material/styles";
import type {} from "@mui/x-data-grid/themeAugmentation";
import { DialogFade, MenuGrow } from "~/platform/ui/overlay-transitions";
import { TOKENS } from "~/platform/theme/tokens";

/** Spec §9: primary green, secondary dark blue, base font 16, radius 4, breakpoints xs0 sm600 md960 lg1280 xl1920. */
export const theme = createTheme({
  palette: {
    primary: { main: TOKENS.color.primary, contrastText: TOKENS.color.onPrimary },
    secondary: { main: TOKENS.color.secondary, contrastText: TOKENS.color.onSecondary },
    background: { default: TOKENS.color.background },
    // Darker than MUI's defaults so text and outlined chips in these colours meet WCAG AA contrast (4.5:1) on
    // white and on the page background (issue 15 item 12).
    warning: { main: TOKENS.color.warning, contrastText: "#ffffff" },
    info: { main: TOKENS.color.info, contrastText: "#ffffff" },
  },
  typography: { fontSize: TOKENS.font.size, htmlFontSize: TOKENS.font.size, fontFamily: TOKENS.font.family },
  shape: { borderRadius: TOKENS.radius },
  spacing: TOKENS.spacing,
  breakpoints: { values: TOKENS.breakpoints },
  components: {
    // The page's baseline and the reduced-motion rule are static CSS (baseline.css; ADR 0062), not MuiCssBaseline.
    // With reduced motion the page-loading bar stands still across the top instead of vanishing after its one play.
    MuiLinearProgress: {
      styleOverrides: {
        root: {
          "@media (prefers-reduced-motion: reduce)": {
            "& .MuiLinearProgress-bar1Indeterminate": { left: 0, right: 0, animation: "none" },
            "& .MuiLinearProgress-bar2Indeterminate": { display: "none" },
          },
        },
      },
    },
    // A visible focus ring on every button-like control reached with the keyboard (WCAG 2.4.7, issue 15 item 12):
    // MUI's ButtonBase removes the outline, and text, outlined and toggle buttons, tabs and list items only tint.
    // Inside the control (never clipped by a scrolling list) in its text colour (white on a contained button).
    MuiButtonBase: {
      styleOverrides: { root: { "&.Mui-focusVisible": { outline: "2px solid currentColor", outlineOffset: -2 } } },
    },
    // Every dialog and every menu, select and popover closes for good (ADR 0056): their transition's exit always
    // reports its end, so MUI's Modal never keeps its invisible full-window root over the page.
    // A closed modal (a dialog, menu or select fading out, or one whose exit never ended) takes no pointer input:
    // a click during its exit reaches the page instead of its fading items or its invisible full-window root.
    MuiModal: { styleOverrides: { root: ({ ownerState }) => (ownerState.open ? {} : { pointerEvents: "none" }) } },
    MuiDialog: { defaultProps: { slots: { transition: DialogFade } } },
    MuiPopover: { defaultProps: { slots: { transition: MenuGrow } } },
  },
});

/**
 * The theme in the browser: with the page's Content-Security-Policy nonce (ADR 0041) on the <style> tag every data
 * grid renders for its CSS variables (grids render only in the browser).
 */
export function themeWithNonce(nonce: string | undefined): Theme {
  return nonce ? createTheme(theme, { components: { MuiDataGrid: { defaultProps: { nonce } } } }) : theme;
}

export const DRAWER_WIDTH = TOKENS.drawerWidth;
export const TOAST_DURATION_MS = 5000;
/**
 * Where toasts show (ADR 0124): bottom left, Material's place for them on wide screens (notistack's default), full
 * width at the bottom on phones. At the top they covered the page header's own buttons for their 5 s.
 */
export const TOAST_ANCHOR = { vertical: "bottom", horizontal: "left" } as const;
export const HELP_DIALOG_WIDTH = TOKENS.dialogWidth;
export const FEEDBACK_DIALOG_WIDTH = TOKENS.dialogWidth;
export const APP_VERSION = "1.7.54";
