import { Link as RemixLink, useNavigation, useSearchParams } from "@remix-run/react";
import { useFormat } from "~/platform/i18n/reader-context";
import { Box, Button, LinearProgress, MenuItem, Stack, Tab as MuiTab, Tabs, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DAYS_OPTIONS } from "~/features/anytime-feedback/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { AnytimeFeedbackPageData, Tab } from "~/features/anytime-feedback/types";
import { GiveFeedbackForm } from "~/features/anytime-feedback/components/give-feedback-form";
import { FeedbackList } from "~/features/anytime-feedback/components/feedback-list";

/**
 * /app/anytime-feedback (ADR 0029): give feedback to a colleague; read what I received and sent, and, for a manager,
 * what my reports gave and got ('My team'); each list filtered by person and period, a page at a time.
 * Loader and action: app/features/anytime-feedback/pages.server.ts.
 */

const EMPTY: Record<Tab, TranslationKey> = { received: "anytime.empty.received", sent: "anytime.empty.sent", team: "anytime.empty.team" };
const PERSON_LABEL: Record<Tab, TranslationKey> = { received: "anytime.person.received", sent: "anytime.person.sent", team: "anytime.person.team" };

function Filters({ data }: { data: AnytimeFeedbackPageData }) {
  const { t } = useTranslation();
  const { byName } = useFormat();
  const [, setParams] = useSearchParams();
  // The filters of the list shown (its tab), whatever address a navigation still under way is heading to.
  const set = (key: "person" | "days", value: string) => {
    const next = new URLSearchParams();
    if (data.tab !== "received") next.set("tab", data.tab);
    const person = key === "person" ? value : (data.person ?? "");
    const days = key === "days" ? value : data.days === null ? "" : String(data.days);
    if (person) next.set("person", person);
    if (days) next.set("days", days);
    setParams(next, { preventScrollReset: true });
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <TextField
        select
        size="small"
        label={t(PERSON_LABEL[data.tab])}
        value={data.person ?? ""}
        onChange={(e) => set("person", e.target.value)}
        sx={{ minWidth: 240 }}
        slotProps={{ select: { SelectDisplayProps: { "data-testid": "feedback-filter-person" } as object } }}
      >
        <MenuItem value="">{t("anytime.everyone")}</MenuItem>
        {byName(data.people, (p) => p.name).map((p) => (
          <MenuItem key={p.id} value={p.email}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t("anytime.period")}
        value={data.days === null ? "" : String(data.days)}
        onChange={(e) => set("days", e.target.value)}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { SelectDisplayProps: { "data-testid": "feedback-filter-days" } as object } }}
      >
        <MenuItem value="">{t("anytime.allTime")}</MenuItem>
        {DAYS_OPTIONS.map((d) => (
          <MenuItem key={d} value={String(d)}>
            {t("anytime.lastDays", { count: d })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function Pager({ data }: { data: AnytimeFeedbackPageData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { total, offset, limit } = data.list;
  if (total <= limit) return null;
  const to = (o: number) => {
    const next = new URLSearchParams(params);
    if (o > 0) next.set("offset", String(o));
    else next.delete("offset");
    return `?${next}`;
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
      <Typography variant="body2" data-testid="feedback-range">
        {t("anytime.range", { from: offset + 1, to: Math.min(offset + limit, total), total })}
      </Typography>
      <Button component={RemixLink} to={to(Math.max(0, offset - limit))} disabled={offset === 0} preventScrollReset>
        {t("anytime.previous")}
      </Button>
      <Button component={RemixLink} to={to(offset + limit)} disabled={offset + limit >= total} preventScrollReset>
        {t("anytime.next")}
      </Button>
    </Stack>
  );
}

export function AnytimeFeedbackPage({ data }: { data: AnytimeFeedbackPageData }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tabs: Array<{ value: Tab; label: string }> = [
    { value: "received", label: data.unreadCount > 0 ? t("anytime.receivedNew", { count: data.unreadCount }) : t("anytime.received") },
    { value: "sent", label: t("anytime.sent") },
    ...(data.isManager ? [{ value: "team" as const, label: t("anytime.team") }] : []),
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t("anytime.title")}
        </Typography>
        <Typography color="text.secondary">{t("anytime.intro")}</Typography>
      </Box>
      <GiveFeedbackForm spoofing={data.spoofing} myManagers={data.myManagers} />
      <Box component="section" aria-label={t("anytime.section")}>
        <Tabs value={data.tab} aria-label={t("anytime.lists")} sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <MuiTab key={tab.value} value={tab.value} label={tab.label} component={RemixLink} to={`?tab=${tab.value}`} data-testid={`anytime-tab-${tab.value}`} />
          ))}
        </Tabs>
        <Stack spacing={2}>
          {data.tab === "team" && (
            <Typography color="text.secondary">{t("anytime.teamIntro")}</Typography>
          )}
          <Filters data={data} />
          {navigation.state === "loading" && <LinearProgress aria-label={t("anytime.loading")} />}
          <FeedbackList key={data.tab} items={data.list.realtime_feedbacks} tab={data.tab} spoofing={data.spoofing} emptyText={t(EMPTY[data.tab])} />
          <Pager data={data} />
        </Stack>
      </Box>
    </Stack>
  );
}
