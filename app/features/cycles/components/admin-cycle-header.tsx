import { Link, Stack, Typography } from "~/platform/ui/static";
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
      <Link to={`/app/admin/cycles/${cycle.id}`} style={{ display: "inline-block", marginBottom: 8 }} data-testid="cycle-back-link">
        ← {cycle.name}
      </Link>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap style={{ marginBottom: 16, rowGap: 8 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state as CycleStage} />
        {actions && <Stack direction="row" spacing={1} style={{ marginLeft: "auto" }}>
            {actions}
          </Stack>}
      </Stack>
    </>
  );
}
