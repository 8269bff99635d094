import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RemixLink } from "@remix-run/react";
import { Typography, buttonClass } from "~/platform/ui/static";
import { ICON, StaticIcon } from "~/platform/ui/static-controls";
import type { CommentJson } from "~/features/calibration/types";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { FeedbackSummaryView } from "~/features/summaries/feedback-summary-view";
import { CommentThread } from "~/features/calibration/components/comment-thread";
import css from "~/features/promotions/components/pages.module.css";

/**
 * The nomination a promotion page has open (?nomination=): its comment thread (calibration's, posting
 * intent=comment to the page's action, which reads the nomination from the address) and, for panelists, the
 * nominee's feedback summary behind a disclosure (closed first; its content rendered only while open).
 * `DiscussionToggle` opens or closes it (a link: the address says which nomination is open, so a reload or a
 * shared link shows the same).
 */

export type OpenNomination = {
  nomination_id: number;
  comments: CommentJson[];
  summary: FeedbackSummary | null;
};

export function DiscussionToggle({
  open,
  href,
  count,
  withSummary,
  nomineeName,
  testId,
}: {
  open: boolean;
  href: string;
  count: number;
  withSummary: boolean;
  nomineeName: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const label = open
    ? t("promotionsMeeting.discussion.hide")
    : withSummary
      ? t("promotionsMeeting.discussion.showWithSummary", { count })
      : t("promotionsMeeting.discussion.show", { count });
  return (
    <RemixLink
      className={buttonClass({ size: "small", variant: open ? "text" : "outlined" })}
      to={href}
      preventScrollReset
      aria-expanded={open}
      aria-label={t("promotionsMeeting.discussion.toggleLabel", { label, name: nomineeName })}
      data-testid={testId}
    >
      {label}
    </RemixLink>
  );
}

export function NominationDiscussion({ nomineeName, open, canComment }: { nomineeName: string; open: OpenNomination; canComment: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const { t } = useTranslation();
  return (
    <div data-testid={`discussion-${open.nomination_id}`}>
      <CommentThread id="nomination-comments" title={t("promotionsMeeting.discussion.commentsOn", { name: nomineeName })} comments={open.comments} canComment={canComment} />
      {open.summary && (
        <div className={css.disclosure} data-testid="summary-accordion">
          <h3 className={css.disclosureHead}>
            <button
              type="button"
              className={css.disclosureButton}
              aria-expanded={expanded}
              aria-controls="nominee-summary-content"
              id="nominee-summary-header"
              onClick={() => setExpanded((v) => !v)}
              data-testid="summary-toggle"
            >
              <Typography variant="subtitle1" component="span">
                {t("promotionsMeeting.discussion.summaryOf", { name: nomineeName })}
              </Typography>
              <StaticIcon d={ICON.expandMore} />
            </button>
          </h3>
          {expanded && (
            <div id="nominee-summary-content" role="region" aria-labelledby="nominee-summary-header" className={css.disclosureBody}>
              <FeedbackSummaryView summary={open.summary} title={t("promotionsMeeting.discussion.summary")} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
