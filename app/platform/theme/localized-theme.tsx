import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ThemeProvider, createTheme, type Theme } from "@mui/material/styles";
import { enUS, zhCN } from "@mui/material/locale";
import { enUS as gridEnUS, zhCN as gridZhCN } from "@mui/x-data-grid/locales";
import { PSEUDO_LANGUAGE, pseudoString } from "~/platform/i18n/pseudo";

type Texts = { [key: string]: unknown };

/** MUI's own texts (pagination, autocomplete, alerts, the data grid's) in the pseudo-language, like ours (ADR 0076). */
function pseudoTexts<T>(value: T): T {
  if (typeof value === "string") return pseudoString(value) as T;
  if (typeof value === "function") {
    const fn = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => {
      const text = fn(...args);
      return typeof text === "string" ? pseudoString(text) : text;
    }) as T;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const out: Texts = {};
    for (const [key, inner] of Object.entries(value as Texts)) out[key] = pseudoTexts(inner);
    return out as T;
  }
  return value;
}

/**
 * MUI's English defaults, written out: @mui/material's `enUS` is empty (its components have them built in), and the
 * pseudo-language needs them to bracket. The data grid's `enUS` is complete.
 */
const MATERIAL_ENGLISH = {
  components: {
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: "Rows per page:",
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`,
        getItemAriaLabel: (type: string) => `Go to ${type} page`,
      },
    },
    MuiAutocomplete: {
      defaultProps: { clearText: "Clear", closeText: "Close", loadingText: "Loading…", noOptionsText: "No options", openText: "Open" },
    },
    MuiAlert: { defaultProps: { closeText: "Close" } },
    MuiBreadcrumbs: { defaultProps: { expandText: "Show path" } },
  },
};

/** The texts MUI's widgets write themselves ("Rows per page:", "No rows", "Close"), per language. */
const MUI_TEXTS: Record<string, object[]> = {
  "zh-CN": [zhCN, gridZhCN],
  [PSEUDO_LANGUAGE]: [pseudoTexts({ ...enUS, ...MATERIAL_ENGLISH }), pseudoTexts(gridEnUS)],
};

const themes = new WeakMap<Theme, Map<string, Theme>>();

/** The theme with MUI's own texts in the language (English: the theme as it is); made once per theme and language. */
export function themeFor(base: Theme, language: string): Theme {
  const texts = MUI_TEXTS[language];
  if (!texts) return base;
  let byLanguage = themes.get(base);
  if (!byLanguage) themes.set(base, (byLanguage = new Map()));
  let themed = byLanguage.get(language);
  if (!themed) byLanguage.set(language, (themed = createTheme(base, ...texts)));
  return themed;
}

/** MUI's ThemeProvider with the theme in the page's language: a switch of language changes MUI's texts too. */
export function LocalizedThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  const { i18n } = useTranslation();
  return <ThemeProvider theme={themeFor(theme, i18n.language)}>{children}</ThemeProvider>;
}
