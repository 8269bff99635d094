import type { TranslationKey } from "~/platform/i18n/locales/types";
import type { PageMessage } from "~/platform/i18n/page-message";

/**
 * The token pages' server sentences as translation keys (issue 28, ADR 0078's pattern). PURE. The actions answer
 * in English (the API's messages, the forms' zod checks); the pages say each through its key; unknown: `failed`.
 * Shared by the API tokens page, the admin user page's token list and the SCIM provisioning page.
 */
const EXACT: Record<string, TranslationKey> = {
  "Token revoked": "tokens.result.revoked",
  "SCIM token revoked": "tokens.result.scimRevoked",
  "Give the token a name and a number of days": "tokens.result.nameAndDays",
  "Give the token a name": "tokens.result.name",
  "Unknown token": "tokens.result.unknown",
  "Name is required": "tokens.result.nameRequired",
  "Name is required (printable characters)": "tokens.result.namePrintable",
  "Name must not contain control characters": "tokens.result.nameControl",
  "No live API token with this id": "tokens.result.noLiveToken",
  "No live SCIM token with this id": "tokens.result.noLiveScimToken",
  "You can only revoke your own API tokens": "tokens.result.onlyOwn",
  "Not allowed while viewing another user; switch back to your own account first": "tokens.result.spoofing",
  "Invalid input": "tokens.result.invalidInput",
};

export function tokenMessage(message: string): PageMessage {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  const tooLong = /^Name must be at most (\d+) characters$/.exec(message);
  if (tooLong) return { key: "tokens.result.nameTooLong", values: { max: tooLong[1]! } };
  return { key: "tokens.result.failed" };
}
