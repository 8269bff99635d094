import { Link as RemixLink } from "@remix-run/react";
import { Box, Chip, Link, Stack, Tooltip, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridRowSelectionModel } from "@mui/x-data-grid";
import { useMemo, type ReactNode } from "react";
import { ratingText } from "~/features/participants/rules";
import { NOMINATION_STATUS_LABELS } from "~/features/manager-review/rules";
import { POTENTIAL_LABELS, type Potential } from "~/features/calibration/rules";
import type { SessionParticipantJson } from "~/features/calibration/types";
import { useServerRender } from "~/features/calibration/components/use-server-render";
import { WRAPPING_GRID, WRAPPING_HEADER_HEIGHT, autoRowHeight } from "~/platform/ui/wrapping-grid";

/**
 * The participants of a session (shared by the three roles): the person and their manager, the proposed
 * and the current calibrated rating, the panelists' latest proposals, the comment count and the promotion
 * nomination. `href` links a name (the panelist's participant page); `actions` adds the session admin's
 * buttons; `selection` adds checkboxes (the session admin's move).
 */

const potentialText = (v: number | null) => (v == null ? "—" : (POTENTIAL_LABELS[v as Potential] ?? String(v)));

/** The ids a selection model picks (an "exclude" model, from "select all", picks every selectable row but those). */
function selectedIds(model: GridRowSelectionModel, rows: SessionParticipantJson[]): number[] {
  if (model.type === "include") return [...model.ids].map(Number);
  return rows.filter((r) => !r.terminated && !model.ids.has(r.id)).map((r) => r.id);
}

export function ParticipantsGrid({
  participants,
  href,
  actions,
  selection,
}: {
  participants: SessionParticipantJson[];
  href?: (p: SessionParticipantJson) => string;
  actions?: (p: SessionParticipantJson) => ReactNode;
  selection?: { ids: number[]; onChange: (ids: number[]) => void };
}) {
  const columns = useMemo<GridColDef<SessionParticipantJson>[]>(() => {
    const cols: GridColDef<SessionParticipantJson>[] = [
      {
        field: "name",
        headerName: "Participant",
        flex: 1.3,
        minWidth: 190,
        valueGetter: (_v, row) => row.user.name,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1 }}>
            {href && !row.terminated ? (
              <Link component={RemixLink} to={href(row)} data-testid={`sp-link-${row.id}`}>
                {row.user.name}
              </Link>
            ) : (
              <Typography variant="body2" component="span" data-testid={`sp-name-${row.id}`}>
                {row.user.name}
              </Typography>
            )}
            {row.terminated && <Chip size="small" label="Terminated" sx={{ ml: 1 }} data-testid={`sp-terminated-${row.id}`} />}
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {[row.user.job_title, row.user.department].filter(Boolean).join(" · ")}
            </Typography>
          </Box>
        ),
      },
      { field: "manager", headerName: "Manager", flex: 1, minWidth: 140, valueGetter: (_v, row) => row.manager?.name ?? "—" },
      { field: "proposed_rating", headerName: "Proposed", minWidth: 150, flex: 0.9, renderCell: ({ row }) => <span data-testid={`sp-proposed-${row.id}`}>{ratingText(row.proposed_rating)}</span> },
      {
        field: "rating",
        headerName: "Calibrated",
        minWidth: 150,
        flex: 0.9,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1 }}>
            <span data-testid={`sp-rating-${row.id}`}>{ratingText(row.rating)}</span>
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }} data-testid={`sp-potential-${row.id}`}>
              Potential: {potentialText(row.potential)}
            </Typography>
          </Box>
        ),
      },
      {
        field: "proposals",
        headerName: "Panelists' proposals",
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => row.proposals.length,
        renderCell: ({ row }) =>
          row.proposals.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid={`sp-proposals-${row.id}`}>
              None
            </Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: "none", p: 0, m: 0, py: 1 }} data-testid={`sp-proposals-${row.id}`}>
              {row.proposals.map((pr) => (
                <Tooltip key={pr.panelist.id} title={pr.justification}>
                  <Typography component="li" variant="body2">
                    {pr.panelist.name}: <strong>{pr.rating}</strong>
                  </Typography>
                </Tooltip>
              ))}
            </Stack>
          ),
      },
      { field: "comment_count", headerName: "Comments", type: "number", minWidth: 100, renderCell: ({ row }) => <span data-testid={`sp-comments-${row.id}`}>{row.comment_count}</span> },
      {
        field: "promotion",
        headerName: "Promotion nomination",
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => row.promotion_nomination?.status ?? "",
        renderCell: ({ row }) => {
          const n = row.promotion_nomination;
          if (!n) return <Typography variant="body2" color="text.secondary">Not nominated</Typography>;
          return (
            <Box sx={{ py: 1 }} data-testid={`sp-nomination-${row.id}`}>
              <Typography variant="body2">
                {NOMINATION_STATUS_LABELS[n.status as keyof typeof NOMINATION_STATUS_LABELS] ?? n.status}
                {n.nominated_by ? ` by ${n.nominated_by.name}` : ""}
              </Typography>
              {n.rationale && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {n.rationale}
                </Typography>
              )}
            </Box>
          );
        },
      },
    ];
    if (actions) {
      // Next to the name, so the buttons stay in view on narrow screens.
      cols.splice(1, 0, { field: "actions", headerName: "Actions", minWidth: 200, sortable: false, filterable: false, renderCell: ({ row }) => <Box sx={{ py: 1 }}>{actions(row)}</Box> });
    }
    return cols;
  }, [href, actions]);

  const model: GridRowSelectionModel = { type: "include", ids: new Set(selection?.ids ?? []) };
  // The DataGrid renders nothing on the server and while hydrating (its root answers null until the client
  // has taken over), but it builds its whole state for every row first: not mounting it then saves that work.
  const serverRender = useServerRender();
  return (
    <Box data-testid="participants-grid" sx={{ width: "100%" }}>
      {!serverRender && (
        <DataGrid<SessionParticipantJson>
          aria-labelledby="participants-heading"
          rows={participants}
          columns={columns}
          getRowId={(r) => r.id}
          getRowHeight={autoRowHeight}
          columnHeaderHeight={WRAPPING_HEADER_HEIGHT}
          checkboxSelection={Boolean(selection)}
          isRowSelectable={({ row }) => !row.terminated}
          rowSelectionModel={selection ? model : undefined}
          onRowSelectionModelChange={selection ? (next) => selection.onChange(selectedIds(next, participants)) : undefined}
          disableRowSelectionOnClick
          disableColumnMenu
          disableVirtualization
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[10, 25, 50, 100]}
          localeText={{ noRowsLabel: "No participants" }}
          density="compact"
          sx={WRAPPING_GRID}
        />
      )}
    </Box>
  );
}
