import type { ReactNode } from "react";
import { Alert, Box, Link, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/calibration/components/meeting.module.css";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import type { SessionJson } from "~/features/calibration/types";

/**
 * The top of a meeting page: the way back, the heading, the session's state chip and deadline, its people,
 * and the page's buttons (`actions`). `spoofing`: a note that nothing can be changed in the viewed user's name.
 */
export function MeetingHeader({
  title,
  session,
  back,
  actions,
  spoofing,
}: {
  title: string;
  /** A rating session, or a promotion session (app/features/promotions): only these fields are read. */
  session: Pick<SessionJson, "state" | "deadline" | "cycle_name" | "session_admin" | "panelists" | "sign_off_parties">;
  back: { to: string; label: string };
  actions?: ReactNode;
  spoofing?: boolean;
}) {
  const { t, when } = useMeetingText();
  return (
    <Box component="header">
      <Link to={back.to} className={css.back} data-testid="meeting-back">
        ← {back.label}
      </Link>
      <Box className={css.titleRow}>
        <Typography variant="h4" component="h1" data-testid="meeting-title">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} flexWrap>
            {actions}
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.facts}>
        <SessionStateChip state={session.state} testId="session-state" />
        <Typography variant="body2" data-testid="session-deadline">
          {t("calibrationMeeting.header.deadline", { deadline: session.deadline ? when(session.deadline) : t("calibrationMeeting.header.noDeadline") })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {session.cycle_name}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" className={css.people} data-testid="session-people">
        {t("calibrationMeeting.header.people", {
          admin: peopleText([session.session_admin]),
          panelists: peopleText(session.panelists),
          signOff: peopleText(session.sign_off_parties),
        })}
      </Typography>
      {spoofing && (
        <Alert severity="warning" className={css.facts}>
          {t("calibrationMeeting.header.spoofing")}
        </Alert>
      )}
    </Box>
  );
}

/** A titled section of a meeting page (h2, labelled by its heading). */
export function MeetingSection({ id, title, children, testId }: { id: string; title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <Typography variant="h6" component="h2" id={`${id}-heading`} className={css.sectionTitle}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
