import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Paper, Stack, Typography } from "@mui/material";
import type { NominationRowJson } from "~/features/promotions/types";

/**
 * The nominations of the promotion session form: a checkbox per nomination offered (posted as repeated
 * `nomination_id`), with its manager and endorsement progress.
 */
export function NominationChecklist({
  pool,
  selected,
  onChange,
  error,
  disabled,
}: {
  pool: NominationRowJson[];
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControl component="fieldset" error={!!error} required disabled={disabled} sx={{ width: "100%" }} data-testid="session-nominations">
        <FormLabel component="legend">Nominations</FormLabel>
        {pool.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="session-nominations-empty">
            No nominations to add: every nomination of your people in this cycle is in a promotion session already, or none was made.
          </Typography>
        ) : (
          <Box sx={{ display: "flex", flexDirection: "column", mt: 0.5 }}>
            {pool.map((n) => {
              const checked = selected.includes(n.id);
              return (
                <FormControlLabel
                  key={n.id}
                  control={
                    <Checkbox
                      name="nomination_id"
                      value={String(n.id)}
                      checked={checked}
                      onChange={(e) => toggle(n.id, e.target.checked)}
                      slotProps={{ input: { "data-testid": `session-nomination-${n.id}`, "aria-label": `Include ${n.nominee.name}` } as object }}
                    />
                  }
                  label={
                    <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 1 }}>
                      <span>{n.nominee.name}</span>
                      <Typography variant="body2" color="text.secondary" component="span">
                        {n.nominee.email} · Manager: {n.manager?.name ?? "—"} · {n.endorsement_counts.endorsed} of {n.endorsements.length} endorsements
                        completed
                      </Typography>
                    </Stack>
                  }
                />
              );
            })}
          </Box>
        )}
        <FormHelperText data-testid="session-nominations-helper">{error ?? `${selected.length} selected`}</FormHelperText>
      </FormControl>
    </Paper>
  );
}
