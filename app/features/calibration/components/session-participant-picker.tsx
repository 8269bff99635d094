import { Box, Chip, FormHelperText, InputAdornment, Stack, TextField, Typography } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { DataGrid, type GridColDef, type GridRowSelectionModel } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { ratingText } from "~/features/participants/rules";
import { SESSION_STATE_LABELS } from "~/features/calibration/rules";
import type { HrPartnerParticipantJson } from "~/features/calibration/types";
import { isPickable } from "~/features/calibration/session-setup";
import { WRAPPING_GRID, WRAPPING_HEADER_HEIGHT, autoRowHeight } from "~/platform/ui/wrapping-grid";

/**
 * Participants of a session: a grid of the pool (the HR partner's participants, or the cycle's for the admin)
 * with a checkbox on each one who can join (not reviewer-only, in no other session). The chosen ids are posted
 * as participant_id inputs. Also `PoolSessionCell`, the session a participant is in (the lists use it).
 */

export function PoolSessionCell({ row, sessionId }: { row: HrPartnerParticipantJson; sessionId: number | null }) {
  const testId = `pool-session-${row.participant_id}`;
  if (row.reviewer_only) return <Chip size="small" variant="outlined" label="Reviewer only" data-testid={testId} />;
  if (!row.session) return <Chip size="small" color="warning" label="Not in a session" data-testid={testId} />;
  if (row.session.id === sessionId) return <Chip size="small" color="primary" variant="outlined" label="In this session" data-testid={testId} />;
  return (
    <Typography variant="body2" data-testid={testId} component="span">
      {row.session.name} ({SESSION_STATE_LABELS[row.session.state]})
    </Typography>
  );
}

export function poolColumns(sessionId: number | null): GridColDef<HrPartnerParticipantJson>[] {
  return [
    { field: "name", headerName: "Name", flex: 1, minWidth: 150, valueGetter: (_v, row) => row.user.name },
    { field: "email", headerName: "Email", flex: 1.7, minWidth: 180, valueGetter: (_v, row) => row.user.email },
    { field: "department", headerName: "Department", flex: 0.7, minWidth: 150, valueGetter: (_v, row) => row.user.department ?? "—" },
    { field: "manager", headerName: "Manager", flex: 1, minWidth: 130, valueGetter: (_v, row) => row.manager?.name ?? "—" },
    { field: "proposed", headerName: "Proposed rating", flex: 0.9, minWidth: 170, valueGetter: (_v, row) => ratingText(row.proposed_rating) },
    {
      field: "session",
      headerName: "Calibration session",
      flex: 1.1,
      minWidth: 190,
      sortable: false,
      valueGetter: (_v, row) => row.session?.name ?? "",
      renderCell: ({ row }) => (
        <Box sx={{ display: "flex", alignItems: "center", height: "100%" }}>
          <PoolSessionCell row={row} sessionId={sessionId} />
        </Box>
      ),
    },
  ];
}

/** Rows whose name, email, department or manager contain `q` (case-insensitive). */
export function searchPool(rows: readonly HrPartnerParticipantJson[], q: string): HrPartnerParticipantJson[] {
  const text = q.trim().toLowerCase();
  if (!text) return [...rows];
  return rows.filter((r) => [r.user.name, r.user.email, r.user.department ?? "", r.manager?.name ?? ""].some((s) => s.toLowerCase().includes(text)));
}

export function PoolSearch({ value, onChange, label, testId }: { value: string; onChange: (v: string) => void; label: string; testId: string }) {
  return (
    <TextField
      label={label}
      placeholder="Name, email, department or manager"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 280 }}
      slotProps={{
        htmlInput: { "data-testid": testId, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function ParticipantPicker({
  pool,
  sessionId,
  selected,
  onChange,
  error,
}: {
  pool: HrPartnerParticipantJson[];
  sessionId: number | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const [q, setQ] = useState("");
  const rows = useMemo(() => searchPool(pool, q), [pool, q]);
  const columns = useMemo(() => poolColumns(sessionId), [sessionId]);
  const pickable = useMemo(() => pool.filter((p) => isPickable(p, sessionId)).map((p) => p.participant_id), [pool, sessionId]);
  const model: GridRowSelectionModel = { type: "include", ids: new Set(selected) };
  const available = pool.filter((p) => !p.reviewer_only && p.session === null).length;

  const change = (next: GridRowSelectionModel) => {
    const visible = new Set(rows.map((r) => r.participant_id));
    // Rows hidden by the search keep their choice; "select all" (exclude model) picks every visible pickable row.
    const hidden = selected.filter((id) => !visible.has(id));
    const shown = next.type === "include" ? [...next.ids].map(Number) : pickable.filter((id) => visible.has(id) && !next.ids.has(id));
    onChange([...new Set([...hidden, ...shown])].filter((id) => pickable.includes(id)));
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h2" id="session-participants-heading">
        Participants
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <PoolSearch value={q} onChange={setQ} label="Search participants" testId="session-participants-search" />
        <Typography data-testid="session-participants-count" aria-live="polite">
          {selected.length} selected · {available} not in a session yet
        </Typography>
      </Stack>
      <Box data-testid="session-participants-grid" sx={{ width: "100%" }}>
        <DataGrid<HrPartnerParticipantJson>
          aria-labelledby="session-participants-heading"
          rows={rows}
          columns={columns}
          getRowId={(r) => r.participant_id}
          checkboxSelection
          keepNonExistentRowsSelected
          isRowSelectable={({ row }) => isPickable(row, sessionId)}
          rowSelectionModel={model}
          onRowSelectionModelChange={change}
          disableColumnMenu
          disableVirtualization
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[10, 25, 50, 100]}
          localeText={{ noRowsLabel: "No participants" }}
          density="compact"
          getRowHeight={autoRowHeight}
          columnHeaderHeight={WRAPPING_HEADER_HEIGHT}
          sx={WRAPPING_GRID}
        />
      </Box>
      {selected.map((id) => (
        <input key={id} type="hidden" name="participant_id" value={id} />
      ))}
      {error && (
        <FormHelperText error data-testid="session-participants-error">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
