import { Alert, Box, Button, TextField, Typography } from "@mui/material";
import { styled } from "@mui/material/styles";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import type { CommentJson } from "~/features/calibration/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";

/** The comments (each with the look of an outlined Paper), styled once for the list rather than an MUI Paper and two Typographies each. */
const CommentList = styled("ol")(({ theme }) => ({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: theme.spacing(1),
  "& > li": {
    padding: theme.spacing(1.5),
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
  },
  "& .meta": { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
  "& .body": { ...theme.typography.body1, margin: 0, marginTop: theme.spacing(0.5), whiteSpace: "pre-wrap" },
}));

/**
 * A comment thread (of a participant, or of the session) in the order written, and, when `canComment`, a
 * form that posts intent=comment with the body to the page's action.
 */
export function CommentThread({
  id,
  title,
  comments,
  canComment,
  emptyText = "No comments yet.",
  fields = {},
}: {
  id: string;
  title: string;
  comments: CommentJson[];
  canComment: boolean;
  emptyText?: string;
  /** More hidden fields the comment form posts (e.g. which promotion nomination the comment is about). */
  fields?: Record<string, string>;
}) {
  const action = useMeetingAction();
  return (
    <MeetingSection id={id} title={title} testId={`${id}-thread`}>
      {comments.length === 0 ? (
        <Typography color="text.secondary" data-testid={`${id}-empty`}>
          {emptyText}
        </Typography>
      ) : (
        <CommentList>
          {comments.map((c) => (
            <li key={c.id} data-testid={`comment-${c.id}`}>
              <p className="meta">
                <strong>{c.author.name}</strong>
                {` · ${whenText(c.created_at)}`}
              </p>
              <p className="body" data-testid="comment-body">
                {c.body}
              </p>
            </li>
          ))}
        </CommentList>
      )}
      {canComment && (
        <action.fetcher.Form method="post" key={action.okCount} onSubmit={action.clear}>
          <input type="hidden" name="intent" value="comment" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Box sx={{ mt: 2 }}>
            <TextField
              name="body"
              label="Add a comment"
              required
              fullWidth
              multiline
              minRows={2}
              error={Boolean(action.failure?.fieldErrors.body)}
              helperText={action.failure?.fieldErrors.body}
              slotProps={{ htmlInput: { maxLength: CALIBRATION_LIMITS.commentMax, "data-testid": `${id}-input` } }}
            />
          </Box>
          {action.failure && !action.failure.fieldErrors.body && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid={`${id}-error`}>
              {action.failure.message}
            </Alert>
          )}
          <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={action.busy} data-testid={`${id}-submit`}>
            Post comment
          </Button>
        </action.fetcher.Form>
      )}
    </MeetingSection>
  );
}
