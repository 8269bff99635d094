/**
 * When a page session ends by itself (docs/decisions/0039-server-side-sessions.md). Pure: no I/O.
 *
 * - Idle timeout: no request for SESSION_IDLE_TIMEOUT_MS since the last recorded one.
 * - Absolute lifetime: SESSION_ABSOLUTE_LIFETIME_MS after the sign-in, however busy the session is
 *   (spoofing rotates the id but keeps the sign-in time).
 * - Activity is recorded (one UPDATE) at most every SESSION_TOUCH_INTERVAL_MS, so a request costs no write
 *   otherwise; an idle session may therefore end up to one interval early.
 */

export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionTimes = { signedInAt: Date; lastSeenAt: Date };

export type SessionCheck =
  | { alive: true; touch: boolean }
  | { alive: false; reason: "idle" | "absolute" };

/** Is the session still alive at `now`, and is it time to record this request as activity? */
export function checkSession(times: SessionTimes, now: Date): SessionCheck {
  const at = now.getTime();
  if (at - times.signedInAt.getTime() >= SESSION_ABSOLUTE_LIFETIME_MS) return { alive: false, reason: "absolute" };
  if (at - times.lastSeenAt.getTime() >= SESSION_IDLE_TIMEOUT_MS) return { alive: false, reason: "idle" };
  return { alive: true, touch: at - times.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS };
}

/** When the session ends if nothing more happens: the earlier of the idle and the absolute limit. */
export function sessionEndsAt(times: SessionTimes): Date {
  return new Date(
    Math.min(times.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS, times.signedInAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
  );
}

/** The cookie's own expiry: the absolute end (the row decides the idle end). */
export function cookieExpiresAt(signedInAt: Date): Date {
  return new Date(signedInAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
}

/** Rows that have ended (for the sweep at sign-in): signed in before `signedInBefore` or idle since before `seenBefore`. */
export function expiryCutoffs(now: Date): { signedInBefore: Date; seenBefore: Date } {
  return {
    signedInBefore: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
    seenBefore: new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS),
  };
}
