import { createTheme, type Theme } from "@mui/material/styles";
import type {} from "@mui/x-data-grid/themeAugmentation";

/** Spec §9: primary green, secondary dark blue, base font 16, radius 4, breakpoints xs0 sm600 md960 lg1280 xl1920. */
export const theme = createTheme({
  palette: {
    primary: { main: "#2e7d32", contrastText: "#ffffff" },
    secondary: { main: "#0d2c54", contrastText: "#ffffff" },
    background: { default: "#f6f8f7" },
    // Darker than MUI's defaults so text and outlined chips in these colours meet WCAG AA contrast (4.5:1) on
    // white and on the page background (issue 15 item 12).
    warning: { main: "#a84a00", contrastText: "#ffffff" },
    info: { main: "#01579b", contrastText: "#ffffff" },
  },
  typography: { fontSize: 16, htmlFontSize: 16, fontFamily: "Roboto, 'Helvetica Neue', Arial, sans-serif" },
  shape: { borderRadius: 4 },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  components: {
    // A visible focus ring on every button-like control reached with the keyboard (WCAG 2.4.7, issue 15 item 12):
    // MUI's ButtonBase removes the outline, and text, outlined and toggle buttons, tabs and list items only tint.
    // Inside the control (never clipped by a scrolling list) in its text colour (white on a contained button).
    MuiButtonBase: {
      styleOverrides: { root: { "&.Mui-focusVisible": { outline: "2px solid currentColor", outlineOffset: -2 } } },
    },
  },
});

/**
 * The theme in the browser: with the page's Content-Security-Policy nonce (ADR 0041) on the <style> tag every data
 * grid renders for its CSS variables (grids render only in the browser).
 */
export function themeWithNonce(nonce: string | undefined): Theme {
  return nonce ? createTheme(theme, { components: { MuiDataGrid: { defaultProps: { nonce } } } }) : theme;
}

export const DRAWER_WIDTH = 260;
export const TOAST_DURATION_MS = 5000;
export const HELP_DIALOG_WIDTH = 550;
export const FEEDBACK_DIALOG_WIDTH = 550;
export const APP_VERSION = "1.7.54";
