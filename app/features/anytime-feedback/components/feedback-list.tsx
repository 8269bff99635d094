import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Chip, Typography } from "~/platform/ui/static";
import { ICON, StaticIcon } from "~/platform/ui/static-controls";
import { cx } from "~/platform/ui/static-common";
import type { AnytimeFeedbackActionResult, RealtimeFeedbackJson, Tab } from "~/features/anytime-feedback/types";
import css from "~/features/anytime-feedback/components/anytime.module.css";

/**
 * The items of a tab, newest first, each drawn as MUI's outlined accordion in static markup (issue 27): a button in an
 * h3 names the people and the day; opening it shows the text (mounted only while open). Opening an unread received
 * item marks it viewed (intent viewed), which brings the count down.
 */

/** The day as text, the same on the server and in the browser. */
const day = (iso: string) => iso.slice(0, 10);

function heading(item: RealtimeFeedbackJson, tab: Tab, t: TFunction): string {
  if (tab === "received") return t("anytime.from", { name: item.reviewer.name });
  if (tab === "sent") return t("anytime.to", { name: item.reviewee.name });
  return t("anytime.fromTo", { reviewer: item.reviewer.name, reviewee: item.reviewee.name });
}

function FeedbackItem({ item, tab, spoofing }: { item: RealtimeFeedbackJson; tab: Tab; spoofing: boolean }) {
  const fetcher = useFetcher<AnytimeFeedbackActionResult>({ key: `viewed-${item.id}` });
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = item.direction === "received" && !item.has_been_viewed_by_reviewee;
  const pending = fetcher.state !== "idle";
  const toggle = () => {
    const expanded = !open;
    setOpen(expanded);
    if (expanded && unread && !spoofing && !pending) fetcher.submit({ intent: "viewed", id: String(item.id) }, { method: "post" });
  };
  return (
    <div className={cx(css.item, open && css.expanded)} data-testid={`feedback-item-${item.id}`}>
      <h3 className={css.heading}>
        <button type="button" className={css.summary} aria-expanded={open} aria-controls={`feedback-${item.id}-body`} id={`feedback-${item.id}-heading`} onClick={toggle}>
          <span className={css.summaryText}>
            <Typography component="span" className={cx(css.who, unread && css.unread)}>
              {heading(item, tab, t)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {day(item.created_at)}
            </Typography>
            {unread && !pending && <Chip size="small" color="primary" label={t("anytime.new")} className={css.chip} data-testid={`feedback-new-${item.id}`} />}
            {tab !== "received" && (
              <Typography component="span" variant="body2" color="text.secondary" data-testid={`feedback-seen-${item.id}`}>
                {item.has_been_viewed_by_reviewee ? t("anytime.readBy", { name: item.reviewee.name }) : t("anytime.notRead")}
              </Typography>
            )}
          </span>
          <span className={css.expand}>
            <StaticIcon d={ICON.expandMore} />
          </span>
        </button>
      </h3>
      {open && (
        <div id={`feedback-${item.id}-body`} role="region" aria-labelledby={`feedback-${item.id}-heading`} className={css.details}>
          {item.body_hidden ? (
            <Typography color="text.secondary" data-testid={`feedback-hidden-${item.id}`}>
              {t("anytime.hidden")}
            </Typography>
          ) : (
            <Typography className={css.body} data-testid={`feedback-body-${item.id}`}>
              {item.body}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" className={css.byline}>
            {t("anytime.byline", { reviewer: item.reviewer.name, reviewerEmail: item.reviewer.email, reviewee: item.reviewee.name, revieweeEmail: item.reviewee.email, date: day(item.created_at) })}
          </Typography>
        </div>
      )}
    </div>
  );
}

export function FeedbackList({ items, tab, spoofing, emptyText }: { items: RealtimeFeedbackJson[]; tab: Tab; spoofing: boolean; emptyText: string }) {
  if (items.length === 0)
    return (
      <Typography color="text.secondary" data-testid="feedback-empty">
        {emptyText}
      </Typography>
    );
  return (
    <div className={css.list} data-testid="feedback-list">
      {items.map((item) => (
        <FeedbackItem key={item.id} item={item} tab={tab} spoofing={spoofing} />
      ))}
    </div>
  );
}
