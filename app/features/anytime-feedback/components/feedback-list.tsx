import { useFetcher } from "@remix-run/react";
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Stack, Typography } from "@mui/material";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { AnytimeFeedbackActionResult, RealtimeFeedbackJson, Tab } from "~/features/anytime-feedback/types";

/**
 * The items of a tab, newest first, each an accordion: its heading names the people and the day; opening it shows
 * the text. Opening an unread received item marks it viewed (intent viewed), which brings the count down.
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
  const unread = item.direction === "received" && !item.has_been_viewed_by_reviewee;
  const pending = fetcher.state !== "idle";
  const open = (_e: unknown, expanded: boolean) => {
    if (expanded && unread && !spoofing && !pending) fetcher.submit({ intent: "viewed", id: String(item.id) }, { method: "post" });
  };
  return (
    <Accordion disableGutters variant="outlined" onChange={open} data-testid={`feedback-item-${item.id}`} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`feedback-${item.id}-body`} id={`feedback-${item.id}-heading`}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 0.5, sm: 2 }} sx={{ alignItems: { sm: "center" }, flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: "anywhere" }}>{heading(item, tab, t)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {day(item.created_at)}
          </Typography>
          {unread && !pending && <Chip size="small" color="primary" label={t("anytime.new")} data-testid={`feedback-new-${item.id}`} />}
          {tab !== "received" && (
            <Typography variant="body2" color="text.secondary" data-testid={`feedback-seen-${item.id}`}>
              {item.has_been_viewed_by_reviewee ? t("anytime.readBy", { name: item.reviewee.name }) : t("anytime.notRead")}
            </Typography>
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`feedback-${item.id}-body`}>
        {item.body_hidden ? (
          <Typography color="text.secondary" data-testid={`feedback-hidden-${item.id}`}>
            {t("anytime.hidden")}
          </Typography>
        ) : (
          <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid={`feedback-body-${item.id}`}>
            {item.body}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
          {t("anytime.byline", { reviewer: item.reviewer.name, reviewerEmail: item.reviewer.email, reviewee: item.reviewee.name, revieweeEmail: item.reviewee.email, date: day(item.created_at) })}
        </Typography>
      </AccordionDetails>
    </Accordion>
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
    <Box data-testid="feedback-list">
      {items.map((item) => (
        <FeedbackItem key={item.id} item={item} tab={tab} spoofing={spoofing} />
      ))}
    </Box>
  );
}
