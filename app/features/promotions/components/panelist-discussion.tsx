import { Link as RemixLink } from "@remix-run/react";
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Typography } from "@mui/material";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import type { CommentJson } from "~/features/calibration/types";
import type { FeedbackSummary } from "~/features/summaries/rules";
import { FeedbackSummaryView } from "~/features/summaries/feedback-summary-view";
import { CommentThread } from "~/features/calibration/components/comment-thread";

/**
 * The nomination a promotion page has open (?nomination=): its comment thread (calibration's, posting
 * intent=comment to the page's action, which reads the nomination from the address) and, for panelists, the
 * nominee's feedback summary in an accordion. `DiscussionToggle` opens or closes it (a link: the address
 * says which nomination is open, so a reload or a shared link shows the same).
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
  const label = open ? "Hide comments" : `Comments (${count})${withSummary ? " · Feedback summary" : ""}`;
  return (
    <Button
      size="small"
      variant={open ? "text" : "outlined"}
      component={RemixLink}
      to={href}
      preventScrollReset
      aria-expanded={open}
      aria-label={`${label}: ${nomineeName}`}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

export function NominationDiscussion({ nomineeName, open, canComment }: { nomineeName: string; open: OpenNomination; canComment: boolean }) {
  return (
    <Box data-testid={`discussion-${open.nomination_id}`}>
      <CommentThread id="nomination-comments" title={`Comments on ${nomineeName}`} comments={open.comments} canComment={canComment} />
      {open.summary && (
        <Accordion variant="outlined" disableGutters sx={{ mt: 2 }} slotProps={{ transition: { unmountOnExit: true } }} data-testid="summary-accordion">
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="nominee-summary-content" id="nominee-summary-header" data-testid="summary-toggle">
            <Typography variant="subtitle1" component="span">
              Feedback summary of {nomineeName}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id="nominee-summary-content">
            <FeedbackSummaryView summary={open.summary} title="Feedback summary" />
          </AccordionDetails>
        </Accordion>
      )}
    </Box>
  );
}
