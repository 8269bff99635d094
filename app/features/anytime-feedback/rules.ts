/**
 * Anytime feedback (spec §2 /app/anytime-feedback, §7 realtime_feedbacks; ADR 0029): who may give an item, who may
 * read it, who marks it viewed, and the limits of the lists. PURE module (server, pages and tests): no I/O.
 */
import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";

/** The longest feedback text, in characters (after trimming). */
export const BODY_MAX_LENGTH = 5000;
/** Lists: the default and the largest page (`limit`). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** The longest period a list may be filtered to (`days`). */
export const DAYS_MAX = 3650;
/** The periods the page offers (days); none = all time. */
export const DAYS_OPTIONS = [7, 30, 90, 365] as const;

/** The notification kind the reviewee gets for a new item. */
export const ANYTIME_FEEDBACK_NOTIFICATION_KIND = "anytime_feedback";
export const ANYTIME_FEEDBACK_PATH = "/app/anytime-feedback";

export const TABS = ["received", "sent", "team"] as const;
export type Tab = (typeof TABS)[number];

/** A person with the management links that decide who reads an item. */
export type Party = { id: number; managerId: number | null; secondaryManagerId: number | null };

/** Why `viewerId` may read an item, or null: nobody but these four (ADR 0029; not HR, not admins). */
export type ReaderRole = "reviewee" | "reviewer" | "manager_of_reviewee" | "manager_of_reviewer";

export function isManagerOf(viewerId: number, person: Party): boolean {
  return person.managerId === viewerId || person.secondaryManagerId === viewerId;
}

export function readerRole(viewerId: number, item: { reviewer: Party; reviewee: Party }): ReaderRole | null {
  if (item.reviewee.id === viewerId) return "reviewee";
  if (item.reviewer.id === viewerId) return "reviewer";
  if (isManagerOf(viewerId, item.reviewee)) return "manager_of_reviewee";
  if (isManagerOf(viewerId, item.reviewer)) return "manager_of_reviewer";
  return null;
}

/** Only the reviewee marks an item viewed. */
export function mayMarkViewed(viewerId: number, item: { revieweeId: number }): boolean {
  return item.revieweeId === viewerId;
}

/** A refusal: the API's English message and the same as a translation key with values (what a page shows; issue 28). */
export type Refusal = { message: string; notice: PageMessage };

export const NO_USER: Refusal = { message: "No user with this email", notice: pageMessage("anytime.result.noUser") };

/** Why `giver` may not give feedback to `reviewee` now, or null when they may (any active colleague but oneself). */
export function giveFeedbackRefusal(giverId: number, reviewee: { id: number; active: boolean } | null): Refusal | null {
  if (!reviewee) return NO_USER;
  if (reviewee.id === giverId) return { message: "You cannot give feedback to yourself", notice: pageMessage("anytime.result.yourself") };
  if (!reviewee.active) return { message: "This person is no longer active", notice: pageMessage("anytime.result.inactive") };
  return null;
}

/** giveFeedbackRefusal's message (the API's sentence), or null. */
export function giveFeedbackProblem(giverId: number, reviewee: { id: number; active: boolean } | null): string | null {
  return giveFeedbackRefusal(giverId, reviewee)?.message ?? null;
}

/** The text as stored (trimmed), or the reason it is refused. */
export function checkBody(raw: string): { ok: true; body: string } | ({ ok: false } & Refusal) {
  const body = raw.trim();
  if (!body) return { ok: false, message: "Write your feedback", notice: pageMessage("anytime.result.writeFeedback") };
  if (body.length > BODY_MAX_LENGTH) {
    return {
      ok: false,
      message: `At most ${BODY_MAX_LENGTH} characters (${body.length} now)`,
      notice: pageMessage("anytime.result.tooLongNow", { max: BODY_MAX_LENGTH, length: body.length }),
    };
  }
  return { ok: true, body };
}

/** The earliest creation time of a list filtered to the last `days` days (none: no limit). */
export function sinceOf(days: number | undefined, now: Date): Date | undefined {
  return days === undefined ? undefined : new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** The page's tab from the address: team only for a manager; anything else is received. */
export function tabOf(raw: string | null, isManager: boolean): Tab {
  if (raw === "sent") return "sent";
  if (raw === "team" && isManager) return "team";
  return "received";
}

/** The page's period from the address: one of DAYS_OPTIONS, else all time. */
export function daysOf(raw: string | null): number | undefined {
  const n = Number(raw);
  return (DAYS_OPTIONS as readonly number[]).includes(n) ? n : undefined;
}

/* The sentence the form shows, who will read what you write (ADR 0029), is the translation anytime.give.readers. */
