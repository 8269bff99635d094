import { Box, IconButton, Menu, MenuItem, Paper, Stack, Typography } from "@mui/material";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { useState, type DragEvent } from "react";
import { PERFORMANCE_BAND_LABELS, POTENTIAL_LABELS, performanceBand, ratingForBand, type Potential } from "~/features/calibration/rules";
import type { SessionParticipantJson } from "~/features/calibration/types";
import type { RatingTarget } from "~/features/calibration/components/rating-dialog";
import { MeetingSection } from "~/features/calibration/components/meeting-header";

/**
 * The 9-box: columns are the performance band of the calibrated rating (Below / Meets / Above), rows the
 * potential (High at the top). With `onMove` (the session admin, while the session runs) a person's card can
 * be dragged into another box, or moved with its "Move to box…" menu (keyboard); either asks for the change
 * (potential = the row; the rating = ratingForBand(column) when the column changes) and a reason.
 */

type Band = 1 | 2 | 3;
const BANDS: Band[] = [1, 2, 3];
const ROWS: Potential[] = [3, 2, 1];
const boxName = (band: Band, potential: Potential) => `${PERFORMANCE_BAND_LABELS[band]} / ${POTENTIAL_LABELS[potential]}`;
const DRAG_TYPE = "application/x-calibration-participant";

/** What a move of `p` into (band, potential) changes; null when it is the box they are in. */
export function moveTarget(p: SessionParticipantJson, band: Band, potential: Potential): RatingTarget | null {
  const currentBand = performanceBand(p.rating);
  if (currentBand === band && p.potential === potential) return null;
  return {
    participant: p,
    fixed: {
      ...(currentBand !== band ? { calibrated_rating: ratingForBand(band, p.rating) } : {}),
      ...(p.potential !== potential ? { potential } : {}),
      box: boxName(band, potential),
    },
  };
}

function PersonCard({ p, onMove }: { p: SessionParticipantJson; onMove?: (t: RatingTarget) => void }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const band = performanceBand(p.rating);
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, String(p.id));
    e.dataTransfer.setData("text/plain", String(p.id));
    e.dataTransfer.effectAllowed = "move";
  };
  return (
    <Paper
      variant="outlined"
      draggable={Boolean(onMove)}
      onDragStart={onMove ? onDragStart : undefined}
      data-testid={`ninebox-card-${p.id}`}
      sx={{ px: 1, py: 0.5, display: "flex", alignItems: "center", gap: 0.5, cursor: onMove ? "grab" : "default", bgcolor: "background.paper" }}
    >
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={p.user.name}>
        {p.user.name} <span style={{ opacity: 0.7 }}>({p.rating ?? "—"})</span>
      </Typography>
      {onMove && (
        <>
          <IconButton size="small" aria-label={`Move ${p.user.name} to box…`} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)} data-testid={`ninebox-menu-${p.id}`}>
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {ROWS.flatMap((potential) =>
              BANDS.map((b) => (
                <MenuItem
                  key={`${b}-${potential}`}
                  disabled={band === b && p.potential === potential}
                  onClick={() => {
                    setMenu(null);
                    const t = moveTarget(p, b, potential);
                    if (t) onMove(t);
                  }}
                  data-testid={`ninebox-menu-${p.id}-${b}-${potential}`}
                >
                  {boxName(b, potential)}
                </MenuItem>
              )),
            )}
          </Menu>
        </>
      )}
    </Paper>
  );
}

export function NineBox({ participants, onMove }: { participants: SessionParticipantJson[]; onMove?: (t: RatingTarget) => void }) {
  const live = participants.filter((p) => !p.terminated);
  const placed = (band: Band, potential: Potential) => live.filter((p) => performanceBand(p.rating) === band && p.potential === potential);
  const unplaced = live.filter((p) => performanceBand(p.rating) === null || p.potential == null);
  const [over, setOver] = useState<string | null>(null);
  const dropProps = (band: Band, potential: Potential) =>
    onMove
      ? {
          onDragOver: (e: DragEvent) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
            setOver(`${band}-${potential}`);
          },
          onDragLeave: () => setOver(null),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            setOver(null);
            const id = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData("text/plain"));
            const p = live.find((x) => x.id === id);
            const t = p ? moveTarget(p, band, potential) : null;
            if (t) onMove(t);
          },
        }
      : {};
  return (
    <MeetingSection id="ninebox" title="9-box" testId="ninebox">
      {onMove && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Drag a person into another box, or use the menu on their card, to change their rating and potential.
        </Typography>
      )}
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(90px, 130px) repeat(3, minmax(0, 1fr))", gap: 1 }}>
        <span />
        {BANDS.map((b) => (
          <Typography key={b} variant="subtitle2" align="center">
            {PERFORMANCE_BAND_LABELS[b]}
          </Typography>
        ))}
        {ROWS.map((potential) => [
          <Typography key={`label-${potential}`} variant="subtitle2" sx={{ alignSelf: "center" }}>
            {POTENTIAL_LABELS[potential]}
          </Typography>,
          ...BANDS.map((b) => (
            <Box
              key={`${b}-${potential}`}
              role="group"
              aria-label={boxName(b, potential)}
              data-testid={`ninebox-cell-${b}-${potential}`}
              {...dropProps(b, potential)}
              sx={{
                minHeight: 96,
                p: 1,
                borderRadius: 1,
                border: 1,
                borderColor: over === `${b}-${potential}` ? "primary.main" : "divider",
                bgcolor: over === `${b}-${potential}` ? "action.hover" : "background.default",
              }}
            >
              <Stack spacing={0.5}>
                {placed(b, potential).map((p) => (
                  <PersonCard key={p.id} p={p} onMove={onMove} />
                ))}
              </Stack>
            </Box>
          )),
        ])}
      </Box>
      {unplaced.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="ninebox-unplaced" role="group" aria-label="Not placed: no rating or no potential yet">
          <Typography variant="subtitle2">Not placed (no rating or no potential yet)</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 0.5 }}>
            {unplaced.map((p) => (
              <Box key={p.id} sx={{ minWidth: 200 }}>
                <PersonCard p={p} onMove={onMove} />
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </MeetingSection>
  );
}
