import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * The peer selection pages' view types (PURE: type imports only), shared by the components under components/ and
 * the pages' loaders and actions (pages.server.ts): the panel and the incoming requests as the views read
 * them, and what the pages' actions return.
 */

type Person = { email: string; name: string };

export type PanelView = {
  participant: Person & { reviewer_only: boolean; manager: Person | null };
  receives_feedback: boolean;
  panel_status: "admin_approved" | "manager_approved";
  max_peers: number;
  counters: { selected: number; accepted: number; requested: number; declined: number; max: number; remaining: number };
  can_edit: boolean;
  edit_blocked_notice: PageMessage | null;
  mandatory_reviewers: Array<{ reviewer_type: string; reviewer_type_label: string; email: string; name: string }>;
  peers: Array<{
    id: number;
    email: string;
    name: string;
    job_title: string | null;
    status: "requested" | "accepted" | "declined";
    requested_by: Person | null;
    can_remove: boolean;
    warning_notice: PageMessage | null;
  }>;
  advice: PageMessage[];
};

export type IncomingView = {
  requests: Array<{
    id: number;
    status: "requested" | "accepted" | "declined";
    participant: Person & { job_title: string | null };
    requested_by: Person | null;
    can_respond: boolean;
  }>;
  accepted_count: number;
  advised_max_accepted: number;
  warning: PageMessage | null;
};

/**
 * A text an action sends: a key with values (issue 28). A plain string is the API's English, which only the super
 * admin's panel page (participants feature, app.admin.cycles.$cycleId.participants.$email.panel.tsx) still sends; the
 * forms say it through peerMessage until that page sends keys too.
 */
export type SelectionText = PageMessage | string;

/** What the pages' actions return. */
export type SelectionActionResult = { ok: boolean; intent: string; message: SelectionText; warning: SelectionText | null };

/** What the add-peer form reads of a panel (the peer pages' PanelView, or the admin page's panel JSON). */
export type AddPeerPanel = {
  max_peers: number;
  counters: { remaining: number };
  mandatory_reviewers: Array<{ reviewer_type: string; reviewer_type_label: string; email: string }>;
  peers: Array<{ email: string; status: "requested" | "accepted" | "declined" }>;
};
