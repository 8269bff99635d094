import type { Prisma } from "~/generated/prisma/client.ts";
import type { Db, Tx } from "~/platform/db.server";

/**
 * The company's settings: one CompanySettings row, id 1 (ADR 0059), created on its first write. Each feature reads and
 * writes its own fields through here (the current cycle, the insights' privacy floor) and audits its own change.
 */
export const COMPANY_SETTINGS_ID = 1;

type Fields = Omit<Prisma.CompanySettingsUncheckedCreateInput, "id" | "updatedAt">;

/** The settings row's `select`ed fields, or null before the first write. */
export function readCompanySettings<S extends Prisma.CompanySettingsSelect>(db: Db | Tx, select: S) {
  return db.companySettings.findUnique({ where: { id: COMPANY_SETTINGS_ID }, select });
}

/** Writes `fields` to the settings row, creating it (the other fields at their defaults) on the first write. */
export async function writeCompanySettings(tx: Tx, fields: Fields): Promise<void> {
  await tx.companySettings.upsert({ where: { id: COMPANY_SETTINGS_ID }, create: { id: COMPANY_SETTINGS_ID, ...fields }, update: fields });
}
