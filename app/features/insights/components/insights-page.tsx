import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Button, Link, Stack, Typography } from "~/platform/ui/static";
import { NativeSelect } from "~/platform/ui/static-form";
import { StaticTabs } from "~/platform/ui/static-tabs";
import type { InsightsJson } from "~/features/insights/insight-json";
import type { InsightsPageData } from "~/features/insights/page-data";
import { FigurePanel } from "~/features/insights/components/figure-panel";
import { ExportForm } from "~/features/insights/components/export-form";
import { attributeName, groupName } from "~/features/insights/group-names";
import layout from "~/platform/ui/report-page.module.css";
import css from "~/features/insights/components/insights-page.module.css";

/**
 * The fairness insight pages (issue 29 §2, ADR 0112): /app/insights/cycles/{id} (with a cycle picker) and
 * /app/insights/sessions/{id}. The breakdown is a strip of links (`?by=<attribute id>`) and the filters a GET form
 * (`?filter=<attribute id>:<value>`), so both work without JavaScript; the address is the page's whole state. Each
 * figure of the chosen breakdown: a static table, a chart drawn after hydration, the gaps in words. Loaders:
 * app/features/insights/pages.server.ts.
 */

/** The address of this page with `by` and the filters (the other parameters as they are). */
export function insightsHref(path: string, by: number | null, filters: InsightsJson["filters"]): string {
  const params = new URLSearchParams();
  if (by !== null) params.set("by", String(by));
  for (const f of filters) if (f.value !== null) params.append("filter", `${f.attribute_id}:${f.value}`);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function InsightsPage({ data, path }: { data: InsightsPageData; path: string }) {
  const { t } = useTranslation();
  const { insights, by } = data;
  const scope = insights.scope;
  const figures = insights.figures.filter((f) => f.attribute.id === by);
  return (
    <Stack spacing={3} className={layout.page}>
      <div className={layout.head}>
        <Typography variant="h4" component="h1">
          {scope.kind === "session" ? t("insightsPages.sessionTitle", { name: scope.session_name }) : t("insightsPages.title")}
        </Typography>
        {scope.kind === "cycle" && data.cycles.length > 0 && <CyclePicker cycles={data.cycles} selected={scope.cycle_id} />}
      </div>
      <Typography color="text.secondary">{t("insightsPages.intro")}</Typography>
      {scope.kind === "session" && (
        <Typography data-testid="insights-session-scope">
          {t("insightsPages.sessionOf", { kind: t(scope.session_kind === "rating" ? "insightsPages.sessionKind.rating" : "insightsPages.sessionKind.promotion"), cycle: data.cycles.find((c) => c.id === scope.cycle_id)?.name ?? String(scope.cycle_id) })}{" "}
          <Link to={`/app/insights/cycles/${scope.cycle_id}`}>{t("insightsPages.cycleLink")}</Link>
        </Typography>
      )}
      <Alert severity="info" data-testid="insights-floor">
        {t("insightsPages.population", { count: insights.population })} {t("insightsPages.floorNotice", { floor: insights.privacy_floor })}
      </Alert>
      {insights.attributes.length > 0 && (
        <StaticTabs
          label={t("insightsPages.breakdown")}
          value={String(by ?? "")}
          items={insights.attributes
            .filter((a) => insights.figures.some((f) => f.attribute.id === a.id))
            .map((a) => ({ value: String(a.id), label: attributeName(t, a), testId: `breakdown-${a.id}`, to: insightsHref(path, a.id, insights.filters) }))}
        />
      )}
      <Filters data={data} path={path} />
      <ExportForm filters={insights.filters} />
      {figures.length === 0 ? (
        <Typography color="text.secondary" data-testid="insights-empty">
          {t("insightsPages.noFigures")}
        </Typography>
      ) : (
        figures.map((f) => <FigurePanel key={`${f.figure}-${f.attribute.id}`} figure={f} floor={insights.privacy_floor} />)
      )}
    </Stack>
  );
}

/** /app/insights with no cycle the reader may open yet (an HR partner none of whose people is in a cycle). */
export function InsightsEmpty() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} className={layout.page}>
      <Typography variant="h4" component="h1">
        {t("insightsPages.title")}
      </Typography>
      <Typography color="text.secondary">{t("insightsPages.intro")}</Typography>
      <Alert severity="info" data-testid="insights-no-cycle">
        {t("insightsPages.noCycle")}
      </Alert>
    </Stack>
  );
}

/** A GET form to /app/insights, whose loader goes to the chosen cycle's page (works without JavaScript). */
function CyclePicker({ cycles, selected }: { cycles: InsightsPageData["cycles"]; selected: number }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/app/insights" className={css.picker} data-testid="insights-cycle-form">
      <NativeSelect
        label={t("insightsPages.cycle")}
        id="insights-cycle"
        name="cycle_id"
        size="small"
        data-testid="insights-cycle-picker"
        defaultValue={String(selected)}
        options={cycles.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <Button type="submit" variant="outlined" data-testid="insights-cycle-show">
        {t("insightsPages.show")}
      </Button>
    </Form>
  );
}

/** One select per attribute (values as the figures publish them), kept with the breakdown; GET to this page. */
function Filters({ data, path }: { data: InsightsPageData; path: string }) {
  const { t } = useTranslation();
  const { insights, by } = data;
  const current = new Map(insights.filters.filter((f) => f.value !== null).map((f) => [f.attribute_id, f.value!]));
  const choices = insights.attributes
    .map((a) => {
      const values = new Set<string>();
      for (const f of insights.figures) if (f.attribute.id === a.id) for (const r of f.rows) if (!r.other && r.group !== null) values.add(r.group);
      const chosen = current.get(a.id);
      if (chosen !== undefined) values.add(chosen);
      return { attribute: a, values: [...values].sort((x, y) => x.localeCompare(y)) };
    })
    .filter((c) => c.values.length > 0);
  if (choices.length === 0) return null;
  return (
    <Form method="get" action={path} className={css.filters} data-testid="insights-filters" aria-label={t("insightsPages.filters")}>
      {by !== null && <input type="hidden" name="by" value={String(by)} />}
      <Typography variant="subtitle2" component="h2" className={css.filtersTitle}>
        {t("insightsPages.filters")}
      </Typography>
      {choices.map(({ attribute, values }) => (
        <NativeSelect
          key={attribute.id}
          label={attributeName(t, attribute)}
          id={`insights-filter-${attribute.id}`}
          name="filter"
          size="small"
          data-testid={`filter-${attribute.id}`}
          defaultValue={current.has(attribute.id) ? `${attribute.id}:${current.get(attribute.id)}` : ""}
          options={[{ value: "", label: t("insightsPages.filterAny") }, ...values.map((v) => ({ value: `${attribute.id}:${v}`, label: groupName(t, { group: v, other: false }) }))]}
        />
      ))}
      <div className={css.filterActions}>
        <Button type="submit" variant="outlined" data-testid="insights-filters-apply">
          {t("insightsPages.applyFilters")}
        </Button>
        {current.size > 0 && (
          <Link to={insightsHref(path, by, [])} data-testid="insights-filters-clear">
            {t("insightsPages.clearFilters")}
          </Link>
        )}
      </div>
    </Form>
  );
}
