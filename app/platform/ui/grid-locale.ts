import { useTheme } from "@mui/material/styles";
import type { GridLocaleText } from "@mui/x-data-grid";
import type {} from "@mui/x-data-grid/themeAugmentation";

/**
 * A data grid's own texts with a page's overrides (e.g. its "No users found"): a `localeText` prop replaces the
 * theme's whole set (MUI does not merge it), which would put the grid's pagination back into English in every other
 * language (ADR 0076). This keeps the language's texts and changes only the ones given.
 */
export function useGridLocaleText(overrides: Partial<GridLocaleText>): Partial<GridLocaleText> {
  const theme = useTheme();
  return { ...(theme.components?.MuiDataGrid?.defaultProps?.localeText ?? {}), ...overrides };
}
