/**
 * The peer selection pages' view types (PURE: no imports), shared by the components under components/ and
 * the pages' loaders and actions (pages.server.ts): the panel and the incoming requests as the views read
 * them, and what the pages' actions return.
 */

type Person = { email: string; name: string };

export type PanelView = {
  participant: Person & { reviewer_only: boolean; manager: Person | null };
  receives_feedback: boolean;
  panel_status: "admin_approved" | "manager_approved";
  panel_status_label: string;
  max_peers: number;
  counters: { selected: number; accepted: number; requested: number; declined: number; max: number; remaining: number };
  can_edit: boolean;
  edit_blocked_reason: string | null;
  mandatory_reviewers: Array<{ reviewer_type: string; reviewer_type_label: string; email: string; name: string }>;
  peers: Array<{
    id: number;
    email: string;
    name: string;
    job_title: string | null;
    status: "requested" | "accepted" | "declined";
    status_label: string;
    requested_by: Person | null;
    can_remove: boolean;
    warning: string | null;
  }>;
  advice: string[];
};

export type IncomingView = {
  requests: Array<{
    id: number;
    status: "requested" | "accepted" | "declined";
    status_label: string;
    participant: Person & { job_title: string | null };
    requested_by: Person | null;
    can_respond: boolean;
  }>;
  accepted_count: number;
  advised_max_accepted: number;
  warning: string | null;
};

/** What the pages' actions return. */
export type SelectionActionResult = { ok: boolean; intent: string; message: string; warning: string | null };
