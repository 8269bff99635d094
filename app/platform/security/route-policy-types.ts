/**
 * The vocabulary of the authorization matrix (docs/decisions/0042-authorization-matrix.md). PURE, data only.
 *
 * A policy row says, for one route of the Remix manifest and one method, who may call it. Principals are roles
 * (what the user is) and relationships (what the user is to the object the URL names). A call is allowed when
 * the caller holds at least one principal of the row.
 */

/** Roles: what the caller is, whatever the URL names. */
export type RolePrincipal =
  /** Anyone, signed in or not (public routes: sign-in, config, OpenAPI). */
  | "anonymous"
  /** Any signed-in user; the answer is about the caller only (their own cycles, tokens, notifications, to-dos). */
  | "signedIn"
  | "superAdmin"
  | "hrOps"
  /**
   * An identity provider presenting a SCIM token (/scim/v2, docs/decisions/0051-scim-provisioning.md). No user holds
   * it: a session cookie or a user's API token is refused there whatever the role.
   */
  | "scimToken";

/** Relationships: what the caller is to the participant, session, nomination or request the URL names. */
export type Relationship =
  /** The participant (or user, token, notification, feedback, peer request) is the caller's own. */
  | "self"
  /** The caller is the participant's manager. */
  | "managerOf"
  /** The caller is the participant's secondary (matrix) manager. */
  | "secondaryManagerOf"
  /** The caller is the participant's HR partner in the cycle, or created the (promotion) calibration session. */
  | "hrPartnerOf"
  /** The caller is the session admin of the rating calibration session. */
  | "sessionAdminOf"
  /** The caller is a panelist of the rating calibration session. */
  | "panelistOf"
  /** The caller is a sign-off party of the rating calibration session. */
  | "signOffOf"
  /** The caller is the endorser the endorsement request names. */
  | "endorserOf"
  /** The caller is the session admin of the promotion calibration session. */
  | "promotionSessionAdminOf"
  /** The caller is a panelist of the promotion calibration session. */
  | "promotionPanelistOf"
  /** The caller is a sign-off party of the promotion calibration session. */
  | "promotionSignOffOf";

export type Principal = RolePrincipal | Relationship;

export type Access = {
  allow: readonly Principal[];
  /**
   * A super admin spoofing a user acts as that user (ADR 0010): reads follow the viewed user's principals;
   * writes are refused ("no personal writes in the viewed user's name") unless the row says "asUser"
   * (coachmarks, signing out, ending the spoof).
   */
  spoof?: "asUser" | "refused";
};

/** The methods of one route: GET for a loader, POST for a page action, the API methods an action serves. */
export type RoutePolicy = Partial<Record<"GET" | "POST" | "PATCH" | "PUT" | "DELETE", Access>>;

export const ALL_RELATIONSHIPS: readonly Relationship[] = [
  "self",
  "managerOf",
  "secondaryManagerOf",
  "hrPartnerOf",
  "sessionAdminOf",
  "panelistOf",
  "signOffOf",
  "endorserOf",
  "promotionSessionAdminOf",
  "promotionPanelistOf",
  "promotionSignOffOf",
];
