import { Alert, Box, Button, Typography } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import css from "~/features/calibration/components/meeting.module.css";
import { CALIBRATION_LIMITS } from "~/features/calibration/rules";
import type { CommentJson } from "~/features/calibration/types";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { useMeetingAction } from "~/features/calibration/components/use-meeting-action";
import { storedTextFor } from "~/platform/i18n/stored-text";

/**
 * A comment thread (of a participant, or of the session) in the order written, and, when `canComment`, a
 * form that posts intent=comment with the body to the page's action. Static markup (issue 27): the comments
 * with the look of an outlined Paper, styled once for the list (meeting.module.css), the field a native textarea.
 */
export function CommentThread({
  id,
  title,
  comments,
  canComment,
  emptyText,
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
  const { t, when } = useMeetingText();
  return (
    <MeetingSection id={id} title={title} testId={`${id}-thread`}>
      {comments.length === 0 ? (
        <Typography color="text.secondary" data-testid={`${id}-empty`}>
          {emptyText ?? t("calibrationMeeting.comments.empty")}
        </Typography>
      ) : (
        <ol className={css.comments}>
          {comments.map((c) => (
            <li key={c.id} data-testid={`comment-${c.id}`}>
              <p className="meta">
                <strong>{c.author.name}</strong>
                {" · "}
                {when(c.created_at)}
              </p>
              <p className="body" data-testid="comment-body">
                {storedTextFor(t, c.body, c.body_key)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <action.fetcher.Form method="post" key={action.okCount} onSubmit={action.clear}>
          <input type="hidden" name="intent" value="comment" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Box className={css.commentField}>
            <TextField
              name="body"
              label={t("calibrationMeeting.comments.add")}
              required
              fullWidth
              multiline
              minRows={2}
              error={Boolean(action.failure?.fieldErrors.body)}
              helperText={action.failure?.fieldErrors.body}
              inputProps={{ maxLength: CALIBRATION_LIMITS.commentMax, "data-testid": `${id}-input` }}
            />
          </Box>
          {action.failure && !action.failure.fieldErrors.body && (
            <Alert severity="error" className={css.gapTop} data-testid={`${id}-error`}>
              {action.failure.message}
            </Alert>
          )}
          <Button type="submit" variant="outlined" className={css.gapTop} disabled={action.busy} data-testid={`${id}-submit`}>
            {t("calibrationMeeting.comments.post")}
          </Button>
        </action.fetcher.Form>
      )}
    </MeetingSection>
  );
}
