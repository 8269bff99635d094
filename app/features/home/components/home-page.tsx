import { Card, CardContent, Chip, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/home/components/home.module.css";
import { useTranslation } from "react-i18next";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { TodoList, formatDay } from "~/features/home/components/todo-list";
import { TeamProgressCard } from "~/features/home/components/team-progress";
import { OtherCycles } from "~/features/home/components/other-cycles";
import { STAGE_KEYS } from "~/features/home/messages";
import type { HomeJson, HomeMessage, HomeOverview, HomePageData } from "~/features/home/types";

/** Spec §2 'Home' (ADR 0036): the greeting, the selected cycle, the viewer's to-do list and, for a manager, the team. */

/** The viewer's part in the cycle, sentence by sentence (names are data, never translated). */
function participation(overview: HomeOverview): HomeMessage[] {
  const p = overview.participant;
  const out: HomeMessage[] = [];
  if (!p) out.push({ key: "home.part.none" });
  else {
    out.push({ key: p.reviewer_only ? "home.part.reviewerOnly" : "home.part.participant" });
    if (p.manager) out.push({ key: "home.part.manager", values: { name: p.manager.name } });
    if (p.hr_partner) out.push({ key: "home.part.hrPartner", values: { name: p.hr_partner.name } });
  }
  if (overview.direct_reports > 0) {
    out.push(
      overview.secondary_reports > 0
        ? { key: "home.part.directAndSecondary", values: { count: overview.direct_reports, secondary: overview.secondary_reports } }
        : { key: "home.part.directReports", values: { count: overview.direct_reports } },
    );
  }
  return out;
}

function CycleCard({ cycle, overview }: { cycle: HomeJson["cycle"]; overview: HomeOverview }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid="home-cycle">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1.5} alignItems="center" flexWrap style={{ rowGap: 8 }}>
            <Typography variant="h6" component="h2">
              {cycle.name}
            </Typography>
            <Chip color={cycle.state === "draft" ? "default" : "primary"} label={t(STAGE_KEYS[cycle.state])} data-testid="home-cycle-stage" size="small" />
          </Stack>
          <Typography color="text.secondary">
            {cycle.start_date || cycle.planned_end_date
              ? t("home.dates", { start: cycle.start_date ? formatDay(cycle.start_date) : "—", end: cycle.planned_end_date ? formatDay(cycle.planned_end_date) : "—" })
              : t("home.notScheduled")}
          </Typography>
          <Typography variant="body2" data-testid="home-cycle-part">
            {participation(overview).map((m, i) => (
              <span key={m.key}>
                {i > 0 && " "}
                {t(m.key, m.values)}
              </span>
            ))}
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
