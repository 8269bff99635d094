import { useNavigate } from "@remix-run/react";
import { FormControl, InputLabel, MenuItem, Select } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Avatar, Box, Card, CardContent, Chip, Link, Stack, Typography } from "~/platform/ui/static";
import { NativeSelect } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { ANONYMITY_THRESHOLD } from "~/features/performance-trends/rules";
import type { TrendsPageData } from "~/features/performance-trends/types";
import { RatingsPanel, TeamRatingsPanel } from "~/features/performance-trends/components/ratings-panels";
import { StatsPanel } from "~/features/performance-trends/components/stats-panel";
import layout from "~/platform/ui/report-page.module.css";
import css from "~/features/performance-trends/components/trends-page.module.css";
import { trendsPeopleInOrder } from "~/features/performance-trends/people-order";
import { useFormat } from "~/platform/i18n/reader-context";

/**
 * /app/performance-dashboard 'Performance Trends Report' (ADR 0030): a person's calibrated ratings, peer and upward
 * feedback across cycles (charts with a table view), and on a manager's own dashboard the ratings of their direct
 * reports. A manager picks a report to read their trends. Loader: app/features/performance-trends/pages.server.ts.
 * Static CSS on the server render (issue 27): the person picker is a native select until hydration, then MUI's.
 */

const RELATIONSHIP_KEYS: Record<TrendsPageData["header"]["relationship"], TranslationKey> = {
  self: "performanceTrends.relationship.self",
  manager: "performanceTrends.relationship.manager",
  secondary_manager: "performanceTrends.relationship.secondary_manager",
  admin: "performanceTrends.relationship.admin",
};
const RELATION_KEYS: Record<TrendsPageData["people"][number]["relation"], TranslationKey> = {
  self: "performanceTrends.relation.self",
  direct_report: "performanceTrends.relation.direct_report",
  secondary_report: "performanceTrends.relation.secondary_report",
};

export function TrendsPage({ data }: { data: TrendsPageData }) {
  const { t } = useTranslation();
  const { header, viewer } = data;
  const self = header.relationship === "self";
  const name = header.user.name;
  const threshold = ANONYMITY_THRESHOLD;
  return (
    <Stack spacing={3} className={layout.page}>
      <Box className={layout.head}>
        <Typography variant="h4" component="h1">
          {t("performanceTrends.title")}
        </Typography>
        {data.people.length > 1 && <PersonPicker people={data.people} selected={header.user.email} viewerEmail={viewer.email} />}
      </Box>
      <PersonCard data={data} />
      {data.team && <TeamRatingsPanel team={data.team} />}
      {data.ratings ? (
        <RatingsPanel points={data.ratings} emptyText={self ? t("performanceTrends.empty.ratingsSelf") : t("performanceTrends.empty.ratingsOther", { name })} />
      ) : (
        <Typography color="text.secondary" data-testid="ratings-not-shown">
          {t("performanceTrends.ratingsNotShown")}
        </Typography>
      )}
      <Box className={css.stats}>
        <StatsPanel stats={data.peer} emptyText={self ? t("performanceTrends.empty.peerSelf", { threshold }) : t("performanceTrends.empty.peerOther", { name })} />
        <StatsPanel
          stats={data.upward}
          emptyText={
            header.has_direct_reports
              ? self
                ? t("performanceTrends.empty.upwardSelf", { threshold })
                : t("performanceTrends.empty.upwardOther", { name })
              : self
                ? t("performanceTrends.empty.noReportsSelf")
                : t("performanceTrends.empty.noReportsOther", { name })
          }
        />
      </Box>
    </Stack>
  );
}

function PersonCard({ data }: { data: TrendsPageData }) {
  const { t } = useTranslation();
  const { user, relationship, cycles } = data.header;
  const facts = [user.job_title, user.department, user.level, user.location].filter(Boolean).join(" · ");
  return (
    <Card variant="outlined" data-testid="trends-person">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap>
          <Avatar src={user.profile_image_url ?? undefined} alt="">
            {user.name.slice(0, 1)}
          </Avatar>
          <Box className={css.who}>
            <Typography variant="h6" component="h2" data-testid="trends-person-name">
              {user.name}
            </Typography>
            {facts && <Typography color="text.secondary">{facts}</Typography>}
            {user.manager && <Typography color="text.secondary">{t("performanceTrends.manager", { name: user.manager.name })}</Typography>}
          </Box>
          <Chip label={t(RELATIONSHIP_KEYS[relationship])} size="small" data-testid="trends-relationship" />
        </Stack>
        <Typography variant="body2" color="text.secondary" className={css.cycles} data-testid="trends-cycles">
          {cycles.length === 0
            ? relationship === "self"
              ? t("performanceTrends.noCyclesSelf")
              : t("performanceTrends.noCyclesOther")
            : t("performanceTrends.cycles", { count: cycles.length, names: cycles.map((c) => c.name).join(", ") })}{" "}
          {relationship === "self" && <Link to="/app/performance/final-assessment">{t("performanceTrends.openReport")}</Link>}
        </Typography>
      </CardContent>
    </Card>
  );
}

function PersonPicker({ people: given, selected, viewerEmail }: { people: TrendsPageData["people"]; selected: string; viewerEmail: string }) {
  const { t } = useTranslation();
  const people = trendsPeopleInOrder(given, useFormat().reader.language);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const value = people.some((p) => p.email === selected) ? selected : "";
  const choose = (email: string) => navigate(email === viewerEmail ? "/app/performance-dashboard" : `/app/performance-dashboard?email=${encodeURIComponent(email)}`);
  const optionText = (p: TrendsPageData["people"][number]) => t("performanceTrends.pickerOption", { name: p.name, relation: t(RELATION_KEYS[p.relation]) });
  if (!hydrated) {
    return (
      <NativeSelect
        label={t("performanceTrends.person")}
        id="trends-person-native"
        size="small"
        className={css.picker}
        data-testid="trends-person-picker"
        value={value}
        onChange={(e) => choose(e.target.value)}
        options={people.map((p) => ({ value: p.email, label: optionText(p) }))}
      />
    );
  }
  return (
    <FormControl size="small" sx={{ minWidth: 280 }}>
      <InputLabel id="trends-person-label">{t("performanceTrends.person")}</InputLabel>
      <Select labelId="trends-person-label" label={t("performanceTrends.person")} data-testid="trends-person-picker" value={value} onChange={(e) => choose(String(e.target.value))}>
        {people.map((p) => (
          <MenuItem key={p.email} value={p.email}>
            {optionText(p)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
