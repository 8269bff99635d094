/**
 * Who made a change: the acting user (the viewed user while spoofing) and the real person.
 * A pure type, so workflow contracts can carry it without importing the audit writer.
 */
export type Actor = {
  userId: number | null;
  realUserId: number | null;
  source: "page" | "api" | "workflow" | "system" | "scim" | "cli";
  /** Who acted when no user did: a SCIM token's label (source "scim"), "command line" (source "cli"). */
  label?: string;
};
