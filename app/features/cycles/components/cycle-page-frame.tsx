import { Stack, Typography } from "~/platform/ui/static";
import type { ReactNode } from "react";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import type { CycleStage } from "~/features/cycles/rules";

type CycleOption = { id: number; name: string };
type NotSelected = { kind: "none" | "invalid"; message: string; cycles: CycleOption[] };
type Selected = { kind: "selected"; cycleId: number; cycles: CycleOption[] };

/**
 * A page about the cycle chosen with ?cycle_id= (loader data of selectedCyclePage in
 * app/features/peer-selection/pages.server.ts): the `title` and the cycle switcher, then either why no cycle
 * is shown (data-testid cycle-message) or the cycle's name and stage chip (`cycle` of the data) and `children`.
 */
export function CyclePageFrame<D extends Selected | NotSelected>({
  title,
  data,
  cycle,
  children,
}: {
  title: string;
  data: D;
  cycle: (data: Extract<D, Selected>) => { id: number; name: string; state: CycleStage };
  children: (data: Extract<D, Selected>) => ReactNode;
}) {
  const selected = data.kind === "selected" ? (data as Extract<D, Selected>) : null;
  return (
    <Stack spacing={3} style={{ maxWidth: 1100 }}>
      <CyclePageHeader title={title} cycles={data.cycles} selectedId={selected ? selected.cycleId : null} />
      {selected ? (
        <SelectedCycle cycle={cycle(selected)}>{children(selected)}</SelectedCycle>
      ) : (
        <CycleMessage kind={(data as NotSelected).kind} />
      )}
    </Stack>
  );
}

function SelectedCycle({ cycle, children }: { cycle: { id: number; name: string; state: CycleStage }; children: ReactNode }) {
  return (
    <>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap>
        <Typography variant="h6" component="p">
          {cycle.name}
        </Typography>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state} />
      </Stack>
      {children}
    </>
  );
}
