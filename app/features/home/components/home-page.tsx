import { Card, CardContent, Chip, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/home/components/home.module.css";
import { useTranslation } from "react-i18next";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { TodoList, formatDay } from "~/features/home/components/todo-list";
import { TeamProgressCard } from "~/features/home/components/team-progress";
import { OtherCycles } from "~/features/home/components/other-cycles";
import type { HomeJson, HomeOverview, HomePageData } from "~/features/home/types";

/** Spec §2 'Home' (ADR 0036): the greeting, the selected cycle, the viewer's to-do list and, for a manager, the team. */

function CycleCard({ cycle, overview }: { cycle: HomeJson["cycle"]; overview: HomeOverview }) {
  const { t } = useTranslation();
  const p = overview.participant;
  return (
    <Card variant="outlined" data-testid="home-cycle">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1.5} alignItems="center" flexWrap style={{ rowGap: 8 }}>
            <Typography variant="h6" component="h2">
              {cycle.name}
            </Typography>
            <Chip color={cycle.state === "draft" ? "default" : "primary"} label={cycle.stage_label} data-testid="home-cycle-stage" size="small" />
          </Stack>
          <Typography color="text.secondary">
            {cycle.start_date || cycle.planned_end_date
              ? t("home.dates", { start: cycle.start_date ? formatDay(cycle.start_date) : "—", end: cycle.planned_end_date ? formatDay(cycle.planned_end_date) : "—" })
              : t("home.notScheduled")}
          </Typography>
          <Typography variant="body2">
            {p
              ? `${p.reviewer_only ? "You take part as a reviewer only: you give feedback but do not receive it." : "You take part in this cycle."}${p.manager ? ` Your manager: ${p.manager.name}.` : ""}${p.hr_partner ? ` Your HR partner: ${p.hr_partner.name}.` : ""}`
              : "You are not a participant of this cycle."}
            {overview.direct_reports > 0 &&
              ` ${overview.direct_reports} of your direct reports take part${overview.secondary_reports > 0 ? `, and ${overview.secondary_reports} secondary reports` : ""}.`}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function HomePage({ data }: { data: HomePageData }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} className={css.page}>
      <CyclePageHeader title={t("home.greeting", { name: data.name })} cycles={data.cycles} selectedId={data.kind === "selected" ? data.home.cycle.id : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} message={data.message} />
      ) : (
        <>
          <CycleCard cycle={data.home.cycle} overview={data.overview} />
          <TodoList home={data.home} elsewhere={data.elsewhere.reduce((n, e) => n + e.counts.total, 0)} />
          <OtherCycles elsewhere={data.elsewhere} />
          {data.home.team && <TeamProgressCard team={data.home.team} />}
        </>
      )}
    </Stack>
  );
}
