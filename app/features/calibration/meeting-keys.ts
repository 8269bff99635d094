/**
 * The calibration meeting's words as translation keys (issue 28, ADR 0076): a rating on the spec's scale, a 9-box
 * potential and performance band, a session's state, a nomination's status, an outlier flag's headline, and the
 * refusals and reminders that differ by state, each spelled out (the completeness check finds every key used).
 * PURE (components and servers import it).
 */
import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { NominationStatus } from "~/features/manager-review/rules";
import type { OutlierFlag, Potential, SessionState } from "~/features/calibration/rules";

/** The rating scale's labels: one source for every page (participants/messages.ts, section ratingScale). */
import { RATING_KEYS } from "~/features/participants/messages";
export { RATING_KEYS };

export const POTENTIAL_KEYS: Record<Potential, TranslationKey> = {
  1: "calibrationMeeting.potential.1",
  2: "calibrationMeeting.potential.2",
  3: "calibrationMeeting.potential.3",
};

export const BAND_KEYS: Record<1 | 2 | 3, TranslationKey> = {
  1: "calibrationMeeting.band.1",
  2: "calibrationMeeting.band.2",
  3: "calibrationMeeting.band.3",
};

export const STATE_KEYS: Record<SessionState, TranslationKey> = {
  draft: "calibrationMeeting.state.draft",
  active: "calibrationMeeting.state.active",
  in_review: "calibrationMeeting.state.in_review",
  revision_requested: "calibrationMeeting.state.revision_requested",
  closed: "calibrationMeeting.state.closed",
};

export const NOMINATION_KEYS: Record<NominationStatus, { status: TranslationKey; by: TranslationKey; line: TranslationKey; byLine: TranslationKey }> = {
  nominated: {
    status: "calibrationMeeting.nominationStatus.nominated",
    by: "calibrationMeeting.grid.nominatedBy.nominated",
    line: "calibrationMeeting.panelist.nominationLine.nominated",
    byLine: "calibrationMeeting.panelist.nominationByLine.nominated",
  },
  withdrawn: {
    status: "calibrationMeeting.nominationStatus.withdrawn",
    by: "calibrationMeeting.grid.nominatedBy.withdrawn",
    line: "calibrationMeeting.panelist.nominationLine.withdrawn",
    byLine: "calibrationMeeting.panelist.nominationByLine.withdrawn",
  },
};

export const OUTLIER_KEYS: Record<OutlierFlag["kind"], Record<OutlierFlag["direction"], TranslationKey>> = {
  manager: { high: "calibrationMeeting.outlier.manager_high", low: "calibrationMeeting.outlier.manager_low" },
  department: { high: "calibrationMeeting.outlier.department_high", low: "calibrationMeeting.outlier.department_low" },
};

/** A role's refusal in a state that does not allow it (a closed session has its own). */
export const NOT_NOW_KEYS: Record<Exclude<SessionState, "closed">, TranslationKey> = {
  draft: "calibrationMeeting.error.notNow.draft",
  active: "calibrationMeeting.error.notNow.active",
  in_review: "calibrationMeeting.error.notNow.in_review",
  revision_requested: "calibrationMeeting.error.notNow.revision_requested",
};

/** What a reminder asks of whoever must act next, by the session's state. */
export const REMINDER_BODY_KEYS: Record<Exclude<SessionState, "closed">, TranslationKey> = {
  draft: "calibrationMeeting.reminder.body.draft",
  active: "calibrationMeeting.reminder.body.active",
  in_review: "calibrationMeeting.reminder.body.in_review",
  revision_requested: "calibrationMeeting.reminder.body.revision_requested",
};

/** The session admin's page's missing picks. */
export const PICK_KEYS = { participant: "calibrationMeeting.error.pickParticipant", target: "calibrationMeeting.error.pickTarget" } as const satisfies Record<string, TranslationKey>;
