import { getDb, type Db, type Tx } from "~/platform/db.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { COMPANY_SETTINGS_ID, readCompanySettings, writeCompanySettings } from "~/platform/company-settings.server";
import { DEFAULT_PRIVACY_FLOOR, MINIMUM_PRIVACY_FLOOR, effectivePrivacyFloor } from "~/features/insights/privacy-floor";

/**
 * The company's privacy floor for the fairness insights (issue 29 §3, docs/decisions/0103): CompanySettings (one row,
 * id 1, as the current cycle; ADR 0059) holds `insightsPrivacyFloor` (default 5). A super admin changes it (audited
 * `company.insights_privacy_floor`, before/after); every insight figure, filter and CSV reads it through here.
 */

export type InsightsSettingsJson = { privacy_floor: number; default_privacy_floor: number; minimum_privacy_floor: number };

/** The threshold in force (never below the minimum, whatever is stored). */
export async function readPrivacyFloor(db?: Db | Tx): Promise<number> {
  const client = db ?? (await getDb());
  const row = await readCompanySettings(client, { insightsPrivacyFloor: true });
  return effectivePrivacyFloor(row?.insightsPrivacyFloor);
}

const toJson = (floor: number): InsightsSettingsJson => ({ privacy_floor: floor, default_privacy_floor: DEFAULT_PRIVACY_FLOOR, minimum_privacy_floor: MINIMUM_PRIVACY_FLOOR });

export async function readInsightsSettings(): Promise<InsightsSettingsJson> {
  return toJson(await readPrivacyFloor());
}

/** Sets the threshold (the contract refuses values below the minimum); audited with the values before and after. */
export async function setPrivacyFloor(actor: Actor, floor: number): Promise<InsightsSettingsJson> {
  if (!Number.isInteger(floor) || floor < MINIMUM_PRIVACY_FLOOR) throw new RangeError(`The privacy floor is a whole number of at least ${MINIMUM_PRIVACY_FLOOR}`);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const before = await readPrivacyFloor(tx);
    await writeCompanySettings(tx, { insightsPrivacyFloor: floor });
    if (before !== floor)
      await recordAudit(tx, actor, {
        action: "company.insights_privacy_floor",
        entityType: "CompanySettings",
        entityId: COMPANY_SETTINGS_ID,
        before: { privacy_floor: before },
        after: { privacy_floor: floor },
      });
    return toJson(floor);
  });
}
