/**
 * The endorsement request's notifications and emails (workflows/endorsement.ts → worker/activities/endorsements.ts),
 * made in each recipient's language with the deadline in their zone, the zone named (issue 28, ADR 0077): `deliver`
 * calls `text` with the recipient's translation function and reader. PURE (no database, no i18next instance).
 */
import type { TFunction } from "i18next";
import { formatDateTime, type Reader } from "~/platform/i18n/format";

export type EndorsementMailKind = "requested" | "due_soon" | "expired";
export type EndorsementMailFacts = { nominee: string; cycle: string; endorser: string; deadline: Date | null };

export function endorsementMailText(kind: EndorsementMailKind, facts: EndorsementMailFacts) {
  const values = { nominee: facts.nominee, cycle: facts.cycle, endorser: facts.endorser };
  return (t: TFunction<"common">, reader: Reader): { title: string; body: string } => {
    const due = facts.deadline ? formatDateTime(facts.deadline, reader) : "";
    switch (kind) {
      case "requested":
        return { title: t("promotions.mail.requestedTitle", { ...values, due }), body: t("promotions.mail.requestedBody", { ...values, due }) };
      case "due_soon":
        return { title: t("promotions.mail.dueSoonTitle", { ...values, due }), body: t("promotions.mail.dueSoonBody", { ...values, due }) };
      case "expired":
        return { title: t("promotions.mail.expiredTitle", values), body: t("promotions.mail.expiredBody", values) };
    }
  };
}
