import { useNavigation, useSearchParams } from "@remix-run/react";
import { LinearProgress, MenuItem, TextField as MuiTextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { Button, ButtonLink, Typography } from "~/platform/ui/static";
import { NativeSelect } from "~/platform/ui/static-form";
import { StaticTabs } from "~/platform/ui/static-tabs";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { DAYS_OPTIONS } from "~/features/anytime-feedback/rules";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { AnytimeFeedbackPageData, Tab } from "~/features/anytime-feedback/types";
import { GiveFeedbackForm } from "~/features/anytime-feedback/components/give-feedback-form";
import { FeedbackList } from "~/features/anytime-feedback/components/feedback-list";
import css from "~/features/anytime-feedback/components/anytime.module.css";

/**
 * /app/anytime-feedback (ADR 0029): give feedback to a colleague; read what I received and sent, and, for a manager,
 * what my reports gave and got ('My team'); each list filtered by person and period, a page at a time.
 * Loader and action: app/features/anytime-feedback/pages.server.ts. Static markup (issue 27): the tabs are links in
 * the platform's StaticTabs (they wrap, never scroll), the lists plain elements; the filters are native selects until
 * hydration, then MUI's (their menus are the browser's).
 */

const EMPTY: Record<Tab, TranslationKey> = { received: "anytime.empty.received", sent: "anytime.empty.sent", team: "anytime.empty.team" };
const PERSON_LABEL: Record<Tab, TranslationKey> = { received: "anytime.person.received", sent: "anytime.person.sent", team: "anytime.person.team" };

type Option = { value: string; label: string };

/** A filter: a native select in the static look until hydration, then MUI's Select (its menu, keyboard and test id). */
function Filter({ label, value, options, onChange, testId, className }: { label: string; value: string; options: Option[]; onChange: (v: string) => void; testId: string; className: string }) {
  const hydrated = useHydrated();
  return (
    <div className={className}>
      {hydrated ? (
        <MuiTextField
          select
          fullWidth
          size="small"
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": testId } as object } }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </MuiTextField>
      ) : (
        <NativeSelect label={label} size="small" fullWidth value={value} onChange={(e) => onChange(e.target.value)} options={options} inputProps={{ "data-testid": testId }} />
      )}
    </div>
  );
}

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
  const people: Option[] = [{ value: "", label: t("anytime.everyone") }, ...byName(data.people, (p) => p.name).map((p) => ({ value: p.email, label: p.name }))];
  const periods: Option[] = [{ value: "", label: t("anytime.allTime") }, ...DAYS_OPTIONS.map((d) => ({ value: String(d), label: t("anytime.lastDays", { count: d }) }))];
  return (
    <div className={css.filters}>
      <Filter label={t(PERSON_LABEL[data.tab])} value={data.person ?? ""} options={people} onChange={(v) => set("person", v)} testId="feedback-filter-person" className={css.person} />
      <Filter label={t("anytime.period")} value={data.days === null ? "" : String(data.days)} options={periods} onChange={(v) => set("days", v)} testId="feedback-filter-days" className={css.period} />
    </div>
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
  const step = (label: string, target: number, disabled: boolean) =>
    disabled ? <Button disabled>{label}</Button> : <ButtonLink to={to(target)}>{label}</ButtonLink>;
  return (
    <div className={css.pager}>
      <Typography variant="body2" data-testid="feedback-range">
        {t("anytime.range", { from: offset + 1, to: Math.min(offset + limit, total), total })}
      </Typography>
      {step(t("anytime.previous"), Math.max(0, offset - limit), offset === 0)}
      {step(t("anytime.next"), offset + limit, offset + limit >= total)}
    </div>
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
    <div className={css.page}>
      <div>
        <Typography variant="h4" component="h1">
          {t("anytime.title")}
        </Typography>
        <Typography color="text.secondary">{t("anytime.intro")}</Typography>
      </div>
      <GiveFeedbackForm spoofing={data.spoofing} myManagers={data.myManagers} />
      <section aria-label={t("anytime.section")}>
        <StaticTabs
          value={data.tab}
          label={t("anytime.lists")}
          className={css.tabs}
          items={tabs.map((tab) => ({ value: tab.value, label: tab.label, to: `?tab=${tab.value}`, testId: `anytime-tab-${tab.value}` }))}
        />
        <div className={css.panel}>
          {data.tab === "team" && <Typography color="text.secondary">{t("anytime.teamIntro")}</Typography>}
          <Filters data={data} />
          {navigation.state === "loading" && <LinearProgress aria-label={t("anytime.loading")} />}
          <FeedbackList key={data.tab} items={data.list.realtime_feedbacks} tab={data.tab} spoofing={data.spoofing} emptyText={t(EMPTY[data.tab])} />
          <Pager data={data} />
        </div>
      </section>
    </div>
  );
}
