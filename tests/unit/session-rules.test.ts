import { describe, expect, it } from "vitest";
import {
  checkSession,
  cookieExpiresAt,
  expiryCutoffs,
  sessionEndsAt,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from "~/platform/session-rules";
import { personalTokenExpiry, revokerKind, tokenIsLive, tokenOwnerId } from "~/features/auth/tokens/rules";

const MIN = 60 * 1000;
const now = new Date("2026-03-02T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("page session expiry (ADR 0039)", () => {
  it("states the limits: 2 h idle, 12 h absolute, activity recorded at most every 5 min", () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(120 * MIN);
    expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(12 * 60 * MIN);
    expect(SESSION_TOUCH_INTERVAL_MS).toBe(5 * MIN);
  });

  it("a fresh session is alive and needs no write", () => {
    expect(checkSession({ signedInAt: now, lastSeenAt: now }, now)).toEqual({ alive: true, touch: false });
    expect(checkSession({ signedInAt: ago(MIN), lastSeenAt: ago(SESSION_TOUCH_INTERVAL_MS - 1) }, now)).toEqual({ alive: true, touch: false });
  });

  it("records activity once the last record is one interval old", () => {
    expect(checkSession({ signedInAt: ago(60 * MIN), lastSeenAt: ago(SESSION_TOUCH_INTERVAL_MS) }, now)).toEqual({ alive: true, touch: true });
    expect(checkSession({ signedInAt: ago(60 * MIN), lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS - 1) }, now)).toEqual({ alive: true, touch: true });
  });

  it("ends after the idle timeout, at the limit exactly", () => {
    expect(checkSession({ signedInAt: ago(3 * 60 * MIN), lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS) }, now)).toEqual({ alive: false, reason: "idle" });
  });

  it("ends after the absolute lifetime however recent the activity", () => {
    expect(checkSession({ signedInAt: ago(SESSION_ABSOLUTE_LIFETIME_MS), lastSeenAt: now }, now)).toEqual({ alive: false, reason: "absolute" });
    expect(checkSession({ signedInAt: ago(SESSION_ABSOLUTE_LIFETIME_MS - 1), lastSeenAt: now }, now)).toEqual({ alive: true, touch: false });
  });

  it("the absolute limit wins when both are passed", () => {
    expect(checkSession({ signedInAt: ago(SESSION_ABSOLUTE_LIFETIME_MS + MIN), lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS + MIN) }, now)).toMatchObject({ reason: "absolute" });
  });

  it("the session ends at the earlier limit; the cookie at the absolute one", () => {
    expect(sessionEndsAt({ signedInAt: now, lastSeenAt: now })).toEqual(new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS));
    const late = { signedInAt: ago(11 * 60 * MIN), lastSeenAt: now };
    expect(sessionEndsAt(late)).toEqual(new Date(now.getTime() + 60 * MIN));
    expect(cookieExpiresAt(now)).toEqual(new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS));
  });

  it("the sweep's cut-offs match checkSession", () => {
    const { signedInBefore, seenBefore } = expiryCutoffs(now);
    expect(checkSession({ signedInAt: new Date(signedInBefore.getTime() - 1), lastSeenAt: now }, now).alive).toBe(false);
    expect(checkSession({ signedInAt: now, lastSeenAt: new Date(seenBefore.getTime() - 1) }, now).alive).toBe(false);
    expect(checkSession({ signedInAt: new Date(signedInBefore.getTime() + 1), lastSeenAt: new Date(seenBefore.getTime() + 1) }, now).alive).toBe(true);
  });
});

describe("API token rules", () => {
  const own = { userId: 7, realUserId: null };
  const spoof = { userId: 7, realUserId: 1 };

  it("a spoof token is held by the super admin, any other by its user", () => {
    expect(tokenOwnerId(own)).toBe(7);
    expect(tokenOwnerId(spoof)).toBe(1);
  });

  it("the owner and super admins may revoke; nobody else", () => {
    expect(revokerKind({ id: 7, role: "EMPLOYEE" }, own)).toBe("owner");
    expect(revokerKind({ id: 8, role: "EMPLOYEE" }, own)).toBeNull();
    expect(revokerKind({ id: 8, role: "HR_OPS" }, own)).toBeNull();
    expect(revokerKind({ id: 8, role: "SUPER_ADMIN" }, own)).toBe("admin");
    expect(revokerKind({ id: 7, role: "EMPLOYEE" }, spoof)).toBeNull();
    expect(revokerKind({ id: 1, role: "SUPER_ADMIN" }, spoof)).toBe("owner");
  });

  it("a token is live until revoked or expired", () => {
    expect(tokenIsLive({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(tokenIsLive({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(tokenIsLive({ revokedAt: ago(1), expiresAt: new Date(now.getTime() + MIN) }, now)).toBe(false);
  });

  it("personal tokens expire after the chosen days (30 by default)", () => {
    expect(personalTokenExpiry(now)).toEqual(new Date("2026-04-01T12:00:00Z"));
    expect(personalTokenExpiry(now, 1)).toEqual(new Date("2026-03-03T12:00:00Z"));
  });
});
