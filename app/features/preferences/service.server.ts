import type { Db } from "~/platform/db.server";
import { recordAudit, type Actor } from "~/platform/audit.server";
import { notFound } from "~/platform/api.server";
import type { PreferencesDto, PreferencesPatch } from "~/features/preferences/contract.server";

/** A person's own language and time zone (ADR 0077). */

const asDto = (row: { locale: string | null; timeZone: string | null }): PreferencesDto =>
  ({ locale: row.locale, time_zone: row.timeZone }) as PreferencesDto;

export async function getPreferences(db: Db, userId: number): Promise<PreferencesDto> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { locale: true, timeZone: true } });
  if (!row) throw notFound("User not found");
  return asDto(row);
}

/** Applies the fields sent (null clears one); audited as `user.preferences.update` with before/after when anything changed. */
export async function updatePreferences(db: Db, userId: number, actor: Actor, patch: PreferencesPatch): Promise<PreferencesDto> {
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: { locale: true, timeZone: true } });
    if (!before) throw notFound("User not found");
    const data: { locale?: string | null; timeZone?: string | null } = {};
    if (patch.locale !== undefined && patch.locale !== before.locale) data.locale = patch.locale;
    if (patch.time_zone !== undefined && patch.time_zone !== before.timeZone) data.timeZone = patch.time_zone;
    if (Object.keys(data).length === 0) return asDto(before);
    const after = await tx.user.update({ where: { id: userId }, data, select: { locale: true, timeZone: true } });
    await recordAudit(tx, actor, {
      action: "user.preferences.update",
      entityType: "User",
      entityId: userId,
      before: asDto(before),
      after: asDto(after),
    });
    return asDto(after);
  });
}
