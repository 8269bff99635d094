import { Alert, Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import type { CommentJson } from "~/features/calibration/types";
import { whenText } from "~/features/calibration/meeting-page-types";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";

/**
 * A comment thread (of a participant, or of the session) in the order written, and, when `canComment`, a
 * form that posts intent=comment with the body to the page's action.
 */
export function CommentThread({ id, title, comments, canComment, emptyText = "No comments yet." }: { id: string; title: string; comments: CommentJson[]; canComment: boolean; emptyText?: string }) {
  const action = useMeetingAction();
  return (
    <MeetingSection id={id} title={title} testId={`${id}-thread`}>
      {comments.length === 0 ? (
        <Typography color="text.secondary" data-testid={`${id}-empty`}>
          {emptyText}
        </Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {comments.map((c) => (
            <Paper component="li" variant="outlined" key={c.id} sx={{ p: 1.5 }} data-testid={`comment-${c.id}`}>
              <Typography variant="body2" color="text.secondary">
                <strong>{c.author.name}</strong> · {whenText(c.created_at)}
              </Typography>
              <Typography sx={{ whiteSpace: "pre-wrap", mt: 0.5 }} data-testid="comment-body">
                {c.body}
              </Typography>
            </Paper>
          ))}
        </Stack>
      )}
      {canComment && (
        <action.fetcher.Form method="post" key={action.okCount} onSubmit={action.clear}>
          <input type="hidden" name="intent" value="comment" />
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
