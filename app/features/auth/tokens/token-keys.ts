import { pageMessage, type PageMessage } from "~/platform/i18n/page-message";
import { refusalKeyOf } from "~/platform/i18n/refusal-key";

/**
 * What the token pages' actions answer as keys (issue 28, ADR 0125): the API tokens page, the admin user page's token
 * list and the SCIM provisioning page. A form's failed rule by its zod issue code; a service's refusal by the key it
 * wrote (`message_key`, ADR 0108), the spoofing refusal by its code; else `failed`. PURE; the API keeps its English.
 */

type NameIssue = { code: string; maximum?: unknown };

/** The first failed rule of a token's name. */
export function tokenNameIssue(issue: NameIssue | undefined): PageMessage {
  switch (issue?.code) {
    case "too_small":
      return pageMessage("tokens.result.nameRequired");
    case "too_big":
      return pageMessage("tokens.result.nameTooLong", { max: Number(issue.maximum) });
    case "invalid_format":
      return pageMessage("tokens.result.namePrintable");
  }
  return pageMessage("tokens.result.invalidInput");
}

/** A service's refusal (ApiError's code and details). */
export function tokenRefusal(err: { code: string; details?: unknown }): PageMessage {
  if (err.code === "spoofing") return pageMessage("tokens.result.spoofing");
  return refusalKeyOf(err.details) ?? pageMessage("tokens.result.failed");
}
