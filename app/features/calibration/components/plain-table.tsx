import { alpha, lighten, styled } from "@mui/material/styles";

/**
 * The look of MUI's small outlined table (TableContainer on an outlined Paper, Table size="small") for plain
 * <table> markup inside it, styled once by this wrapper's class instead of an MUI TableRow/TableCell (each
 * with its own styles) per row. Cell classes: `num` (right-aligned), `nowrap`, `pre-wrap`, `note` (caption,
 * secondary), `block`, `warn` (warning colour).
 */
export const PlainTable = styled("div")(({ theme }) => ({
  width: "100%",
  overflowX: "auto",
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  "& table": { width: "100%", borderCollapse: "collapse", borderSpacing: 0 },
  "& th, & td": {
    ...theme.typography.body2,
    padding: "6px 16px",
    textAlign: "left",
    verticalAlign: "inherit",
    borderBottom: `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
  },
  "& thead th": { fontWeight: theme.typography.fontWeightMedium, lineHeight: "1.5rem" },
  "& .num": { textAlign: "right" },
  "& .nowrap": { whiteSpace: "nowrap" },
  "& .pre-wrap": { whiteSpace: "pre-wrap" },
  "& .note": { ...theme.typography.caption, color: theme.palette.text.secondary },
  "& .block": { display: "block" },
  "& .warn": { color: theme.palette.warning.dark },
  "& ins": { textDecoration: "none", fontWeight: 600 },
}));
