import { styled } from "@mui/material/styles";
import { MaterialDesignContent } from "notistack";

/**
 * Toasts whose white text meets WCAG AA contrast (4.5:1): notistack's default green, orange and blue are too light
 * (issue 15 item 12, axe "color-contrast"). Passed to every SnackbarProvider as `Components`.
 */
const Content = styled(MaterialDesignContent)(() => ({
  "&.notistack-MuiContent-success": { backgroundColor: "#2e7d32" },
  "&.notistack-MuiContent-error": { backgroundColor: "#c62828" },
  "&.notistack-MuiContent-warning": { backgroundColor: "#a84a00" },
  "&.notistack-MuiContent-info": { backgroundColor: "#01579b" },
}));

export const snackbarComponents = { success: Content, error: Content, warning: Content, info: Content, default: Content };
