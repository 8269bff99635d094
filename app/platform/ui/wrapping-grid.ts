/**
 * MUI X DataGrid props for grids whose text must never be cut (issue 27, ADR 0068): a cell's text wraps and its row
 * grows to hold it (`getRowHeight={autoRowHeight}`), a header's title wraps too (`columnHeaderHeight={56}` leaves room
 * for two lines), so no name, email, rating or session ends in "…" at any width. Below the width the columns need,
 * the grid scrolls sideways in its own box (it stays interactive: selection, sorting, paging).
 */
export const WRAPPING_GRID = {
  bgcolor: "background.paper",
  "& .MuiDataGrid-cell": { whiteSpace: "normal", overflowWrap: "anywhere", lineHeight: 1.43, py: 0.75, display: "flex", alignItems: "center" },
  "& .MuiDataGrid-columnHeaderTitle": { whiteSpace: "normal", lineHeight: 1.2, overflowWrap: "anywhere" },
} as const;

export const autoRowHeight = () => "auto" as const;

export const WRAPPING_HEADER_HEIGHT = 56;
