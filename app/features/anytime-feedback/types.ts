/**
 * The JSON of the realtime_feedbacks calls and the anytime-feedback page's data (ADR 0029): pure types shared by the
 * service, the API contract and the components.
 */
import type { Tab } from "~/features/anytime-feedback/rules";
import type { PageMessage } from "~/platform/i18n/page-message";

export type PersonJson = { id: number; name: string; email: string; profile_image_url: string | null };

export type RealtimeFeedbackJson = {
  id: number;
  reviewer: PersonJson;
  reviewee: PersonJson;
  /** The text; null while a super admin views this user (spoofing): admins never read it (ADR 0029). */
  body: string | null;
  body_hidden: boolean;
  has_been_viewed_by_reviewee: boolean;
  viewed_at: string | null;
  created_at: string;
  /** For the caller: received (they are the reviewee), sent (the reviewer), or team (a manager of either). */
  direction: "received" | "sent" | "team";
};

export type FeedbackPage = { realtime_feedbacks: RealtimeFeedbackJson[]; total: number; limit: number; offset: number };

/** A person to filter a list by. */
export type PersonOption = { id: number; name: string; email: string; direct_report: boolean };

export type AnytimeFeedbackPageData = {
  me: { id: number; email: string };
  tab: "received" | "sent" | "team";
  isManager: boolean;
  spoofing: boolean;
  unreadCount: number;
  /** The filters in force. */
  person: string | null;
  days: number | null;
  offset: number;
  limit: number;
  list: FeedbackPage;
  /** The people the current tab can be filtered by. */
  people: PersonOption[];
  /** The form's note: my own managers by name (they read what I write). */
  myManagers: string[];
};

export type { Tab };

/** The page action's answer: texts as translation keys with values (issue 28), a message per field on refusal. */
export type AnytimeFeedbackActionResult =
  | { ok: true; intent: "give" | "viewed"; message: PageMessage }
  | { ok: false; intent: "give" | "viewed" | null; message: PageMessage; fieldErrors: Record<string, PageMessage> };
