import { describe, expect, it } from "vitest";
import { themeFor } from "~/platform/theme/localized-theme";
import { theme } from "~/platform/theme/theme";

type Props = { labelRowsPerPage?: string; labelDisplayedRows?: (p: { from: number; to: number; count: number; page: number }) => string };
const pagination = (t: ReturnType<typeof themeFor>) => (t.components?.MuiTablePagination?.defaultProps ?? {}) as Props;
const grid = (t: ReturnType<typeof themeFor>) =>
  (t.components as Record<string, { defaultProps?: { localeText?: Record<string, unknown> } }> | undefined)?.MuiDataGrid?.defaultProps?.localeText ?? {};

describe("MUI's own texts follow the page's language (ADR 0076)", () => {
  it("English keeps the theme as it is", () => {
    expect(themeFor(theme, "en")).toBe(theme);
  });
  it("Chinese: pagination and the data grid in Chinese, the palette kept, one theme per language", () => {
    const zh = themeFor(theme, "zh-CN");
    expect(pagination(zh).labelRowsPerPage).toBe("每页行数:");
    expect(grid(zh).noRowsLabel).toBe("没有数据。");
    expect(zh.palette.primary.main).toBe(theme.palette.primary.main);
    expect(themeFor(theme, "zh-CN")).toBe(zh);
  });
  it("the pseudo-language brackets MUI's texts, functions included", () => {
    const xa = themeFor(theme, "en-XA");
    expect(pagination(xa).labelRowsPerPage).toMatch(/^⟦Ŕó.*⟧$/);
    expect(pagination(xa).labelDisplayedRows!({ from: 1, to: 10, count: 20, page: 0 })).toMatch(/^⟦1–10 óƒ 20.*⟧$/);
  });
});
