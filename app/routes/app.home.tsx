import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Box, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { getDb } from "~/platform/db.server";
import { requireUser } from "~/platform/auth.server";
import { resolveSelectedCycle } from "~/features/cycles/service.server";
import { cycleOverviewFor } from "~/features/shell/home.server";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";

export const meta: MetaFunction = () => [{ title: "Home | PMR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  const selection = await resolveSelectedCycle(request);
  const cycles = selection.cycles.map((c) => ({ id: c.id, name: c.name }));
  if (selection.kind !== "selected") return { kind: selection.kind, message: selection.message, cycles, name: current.user.name } as const;
  const overview = await cycleOverviewFor(await getDb(), current.user.id, selection.cycle.id);
  return { kind: "selected", cycle: selection.cycle, overview, cycles, name: current.user.name } as const;
}

/** Spec §2 'Home': the selected cycle (cycle_id) and what the user has to do in it. */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <CyclePageHeader title={t("home.greeting", { name: data.name })} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind === "invalid" ? "invalid" : "none"} message={data.message} />
      ) : (
        <Card variant="outlined" data-testid="home-cycle">
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="h5" component="h2">
                {data.cycle.name}
              </Typography>
              <Box>
                <Chip color={data.cycle.state === "draft" ? "default" : "primary"} label={data.cycle.stage_label} data-testid="home-cycle-stage" />
              </Box>
              <Typography color="text.secondary">
                {data.cycle.start_date || data.cycle.planned_end_date
                  ? t("home.dates", { start: data.cycle.start_date ?? "—", end: data.cycle.planned_end_date ?? "—" })
                  : t("home.notScheduled")}
              </Typography>
              {data.overview.participant ? (
                <Typography>
                  {data.overview.participant.reviewer_only
                    ? "You take part as a reviewer only: you give feedback but do not receive it."
                    : "You take part in this cycle."}
                  {data.overview.participant.manager && ` Your manager: ${data.overview.participant.manager.name}.`}
                  {data.overview.participant.hr_partner && ` Your HR partner: ${data.overview.participant.hr_partner.name}.`}
                </Typography>
              ) : (
                <Typography>You are not a participant of this cycle.</Typography>
              )}
              {data.overview.direct_reports > 0 && (
                <Typography>
                  {data.overview.direct_reports} of your direct reports take part
                  {data.overview.secondary_reports > 0 && `, and ${data.overview.secondary_reports} secondary reports`}.
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {data.overview.participants} participants in this cycle.
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
