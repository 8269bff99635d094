import { MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { Alert, Button, Stack } from "~/platform/ui/static";
import { useHydrated } from "~/platform/ui/mount-hooks";
import css from "~/features/calibration/components/meeting.module.css";
import type { SessionDetailJson } from "~/features/calibration/types";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";

type MoveProps = { targets: SessionDetailJson["move_targets"]; selected: number[]; onMoved: () => void };

/**
 * The session admin's move of the participants selected in the grid to another open session of the cycle (intent=move).
 * The target is MUI's select (its menu, test ids and keyboard), drawn from hydration on: the server render of the
 * page does no style work for it (issue 27, ADR 0062), and the rows' checkboxes work only once hydrated anyway.
 */
export function MoveParticipants(props: MoveProps) {
  const hydrated = useHydrated();
  if (props.targets.length === 0 || !hydrated) return null;
  return <MoveForm {...props} />;
}

function MoveForm({ targets, selected, onMoved }: MoveProps) {
  const action = useMeetingAction(onMoved);
  const [target, setTarget] = useState("");
  const { t, state } = useMeetingText();
  return (
    <action.fetcher.Form method="post" onSubmit={action.clear} data-testid="move-form">
      <input type="hidden" name="intent" value="move" />
      {selected.map((id) => (
        <input key={id} type="hidden" name="participant_id" value={id} />
      ))}
      <Stack spacing={1} className={css.moveForm}>
        <TextField
          select
          size="small"
          name="target_id"
          label={t("calibrationMeeting.move.label")}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          className={css.moveSelect}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "move-target" } as object } }}
        >
          {targets.map((s) => (
            <MenuItem key={s.id} value={String(s.id)} data-testid={`move-target-${s.id}`}>
              {t("calibrationMeeting.move.target", { name: s.name, state: state(s.state) })}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={action.busy || !target || selected.length === 0} data-testid="move-submit">
          {t("calibrationMeeting.move.submit", { count: selected.length })}
        </Button>
      </Stack>
      {action.failure && (
        <Alert severity="error" className={css.gapTop} data-testid="move-error">
          {action.failure.message}
        </Alert>
      )}
    </action.fetcher.Form>
  );
}
