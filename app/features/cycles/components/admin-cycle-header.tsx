import { Link as RemixLink } from "@remix-run/react";
import { Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { CycleStage } from "~/features/cycles/rules";

/** Heading of a page under /app/admin/cycles/{cycleId}/...: back link to the cycle, title, stage chip, actions. */
export function AdminCycleHeader({
  cycle,
  title,
  actions,
}: {
  cycle: { id: number; name: string; state: string };
  title: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <Link component={RemixLink} to={`/app/admin/cycles/${cycle.id}`} sx={{ display: "inline-block", mb: 1 }} data-testid="cycle-back-link">
        ← {cycle.name}
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap", rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state as CycleStage} />
        {actions && <Stack direction="row" spacing={1} sx={{ ml: "auto !important" }}>{actions}</Stack>}
      </Stack>
    </>
  );
}
