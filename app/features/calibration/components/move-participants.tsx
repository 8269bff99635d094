import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { SESSION_STATE_LABELS } from "~/features/calibration/rules";
import type { SessionDetailJson } from "~/features/calibration/types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";

/** The session admin's move of the participants selected in the grid to another open session of the cycle (intent=move). */
export function MoveParticipants({ targets, selected, onMoved }: { targets: SessionDetailJson["move_targets"]; selected: number[]; onMoved: () => void }) {
  const action = useMeetingAction(onMoved);
  const [target, setTarget] = useState("");
  if (targets.length === 0) return null;
  return (
    <action.fetcher.Form method="post" onSubmit={action.clear} data-testid="move-form">
      <input type="hidden" name="intent" value="move" />
      {selected.map((id) => (
        <input key={id} type="hidden" name="participant_id" value={id} />
      ))}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <TextField
          select
          size="small"
          name="target_id"
          label="Move selected to session"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          sx={{ minWidth: 280 }}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "move-target" } as object } }}
        >
          {targets.map((t) => (
            <MenuItem key={t.id} value={String(t.id)} data-testid={`move-target-${t.id}`}>
              {t.name} ({SESSION_STATE_LABELS[t.state]})
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={action.busy || !target || selected.length === 0} data-testid="move-submit">
          Move {selected.length} selected
        </Button>
      </Stack>
      {action.failure && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="move-error">
          {action.failure.message}
        </Alert>
      )}
    </action.fetcher.Form>
  );
}
