import { Link as RemixLink } from "@remix-run/react";
import { ButtonLink, Card, CardContent, Chip, List, ListItem, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/home/components/home.module.css";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { nextStepMessages } from "~/features/home/messages";
import type { HomeItem, HomeJson } from "~/features/home/types";

/**
 * The viewer's to-do list (ADR 0036): each item links to the page where it is done; an empty state says what comes next.
 * Static markup (issue 27): the static primitives and ./home.module.css, no emotion in the server render.
 */

/** Material's CheckCircleOutline (Apache-2.0). */
const CHECK_CIRCLE_OUTLINE =
  "M16.59 7.58 10 14.17l-3.59-3.58L5 12l5 5 8-8zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2026-12-18' → '18 Dec 2026' (no time zone involved, so the server and the browser render the same). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

function due(item: HomeItem, t: TFunction): string {
  if (!item.deadline) return t("home.todo.noDeadline");
  const date = formatDay(item.deadline);
  return item.deadline_source === "cycle" ? t("home.todo.dueCycleEnd", { date }) : t("home.todo.due", { date });
}

export function TodoItem({ item, testId = "home-todo-item" }: { item: HomeItem; testId?: string }) {
  const { t } = useTranslation();
  const detail = item.text.detail ? t(item.text.detail.key, item.text.detail.values) : item.detail;
  return (
    <ListItem disablePadding data-testid={testId} data-kind={item.kind}>
      <RemixLink to={item.link} prefetch="intent" className={css.itemLink}>
        <span className={css.itemText}>
          <Typography component="span" className={css.itemTitle} style={{ display: "block" }}>
            {t(item.text.title.key, item.text.title.values)}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" className={css.facts}>
            <span>{t(item.text.label)}</span>
            {detail && <span>{detail}</span>}
            <span data-testid="home-todo-deadline">{due(item, t)}</span>
          </Typography>
        </span>
        {item.overdue && <Chip size="small" color="error" label={t("home.todo.overdue")} className={css.noShrink} />}
      </RemixLink>
    </ListItem>
  );
}

function CaughtUp({ cycle, next, elsewhere }: { cycle: HomeJson["cycle"]; next: HomeJson["next_step"]; elsewhere: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} alignItems="flex-start" data-testid="home-caught-up">
      <Stack direction="row" spacing={1} alignItems="center">
        <span className={css.success} aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false" aria-hidden="true">
            <path d={CHECK_CIRCLE_OUTLINE} />
          </svg>
        </span>
        <Typography variant="h6" component="p">
          {elsewhere === 0 ? t("home.todo.caughtUp") : t("home.todo.caughtUpHere")}
        </Typography>
      </Stack>
      <Typography color="text.secondary" data-testid="home-caught-up-detail">
        {elsewhere === 0 ? t("home.todo.nothingWaits") : t("home.todo.waitsElsewhere", { count: elsewhere })}
      </Typography>
      <Typography data-testid="home-next-step">
        {nextStepMessages(cycle, next).map((m, i) => (
          <span key={m.key}>
            {i > 0 && " "}
            {t(m.key, m.values)}
          </span>
        ))}
      </Typography>
      {next.link && (
        <ButtonLink to={next.link} variant="outlined" size="small">
          {t("home.todo.openReport")}
        </ButtonLink>
      )}
    </Stack>
  );
}

export function TodoList({ home, elsewhere = 0 }: { home: HomeJson; elsewhere?: number }) {
  const { t } = useTranslation();
  const { items, counts } = home;
  return (
    <Card variant="outlined" data-testid="home-todo" component="section" aria-labelledby="home-todo-title">
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap className={items.length ? css.mb1 : css.mb2}>
          <Typography variant="h5" component="h2" id="home-todo-title">
            {t("home.todo.title")}
          </Typography>
          {items.length > 0 && <Chip size="small" color="primary" label={t("home.todo.count", { count: counts.total })} data-testid="home-todo-count" />}
          {counts.overdue > 0 && <Chip size="small" color="error" variant="outlined" label={t("home.todo.overdueCount", { count: counts.overdue })} />}
        </Stack>
        {items.length === 0 ? (
          <CaughtUp cycle={home.cycle} next={home.next_step} elsewhere={elsewhere} />
        ) : (
          <List aria-label={t("home.todo.title")} disablePadding>
            {items.map((item, i) => (
              <TodoItem key={`${i}:${item.kind}:${item.link}`} item={item} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
