import { data } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/platform/db.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { ApiError, forbidden, notFound } from "~/platform/api.server";
import { isSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { readPersonAttributes, setAttributeValues, type AttributeReach, type AttributeValueInput, type PersonAttribute } from "~/features/insights/attribute-values.server";

/**
 * Who may read and edit a person's attribute values (issue 29 §1, ADR 0109), for the admin API and the directory's
 * admin page: super admins every attribute of everyone; an HR partner the attributes of visibility `hr` of their
 * people — those whose HR partner they are in a cycle (Participant.hrPartnerId, as the insights' population) or in
 * the directory (User.hrPartnerId). Anyone else: 403, told nothing about the person.
 */
export async function attributeReachFor(current: CurrentUser, userId: number): Promise<AttributeReach> {
  const db = await getDb();
  if (isSuperAdmin(current)) {
    if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound(`User ${userId} not found`);
    return "super_admins";
  }
  const me = current.user.id;
  const theirs = await db.user.findFirst({
    where: { id: userId, OR: [{ hrPartnerId: me }, { participations: { some: { hrPartnerId: me } } }] },
    select: { id: true },
  });
  if (!theirs) throw forbidden();
  return "hr";
}

export type PersonAttributeJson = {
  attribute_id: number;
  key: string | null;
  name: string;
  kind: PersonAttribute["kind"];
  visibility: PersonAttribute["visibility"];
  value: string | null;
  editable: boolean;
};

const toJson = (a: PersonAttribute): PersonAttributeJson => ({ attribute_id: a.id, key: a.key, name: a.name, kind: a.kind, visibility: a.visibility, value: a.value, editable: a.editable });

/** The attributes within the reach `attributeReachFor` gave the caller, with the person's values. */
export async function getPersonAttributes(reach: AttributeReach, userId: number): Promise<{ user_id: number; attributes: PersonAttributeJson[] }> {
  return { user_id: userId, attributes: (await readPersonAttributes(userId, reach)).map(toJson) };
}

/**
 * Sets values, all or nothing: any refused value is 422 `validation_failed` with `details.values` (attribute id, the
 * reason's translation key and its English) and nothing written. The caller checked `attributeReachFor` and refused
 * spoofing (a personal write) before reading the body.
 */
export async function putPersonAttributes(current: CurrentUser, reach: AttributeReach, userId: number, inputs: AttributeValueInput[]): Promise<{ user_id: number; attributes: PersonAttributeJson[] }> {
  const db = await getDb();
  const result = await db.$transaction((tx) => setAttributeValues(tx, userId, inputs, current.actor, reach));
  if (result.errors.length)
    throw new ApiError(
      422,
      "validation_failed",
      "Some values were refused; nothing was saved",
      { values: result.errors.map((e) => ({ attribute_id: e.attributeId, code: e.key, message: e.en })) },
    );
  return { user_id: userId, attributes: (await readPersonAttributes(userId, reach)).map(toJson) };
}

// ——— The directory's admin user page (/app/admin/users/{id}): its Attributes section ———

const PageFields = z
  .object({ intent: z.literal("attributes") })
  .catchall(z.string().max(1000))
  .refine((f) => Object.keys(f).every((k) => k === "intent" || /^value_[1-9]\d{0,8}$/.test(k)), "Unknown field");

/**
 * The Attributes form of the admin user page (a super admin's page: every attribute); null when the post is another
 * intent. Saved: the page's success toast; refused: 400 with each field's reason (a translation key) and what was sent.
 */
export async function attributeValuesPageAction(current: CurrentUser, userId: number, fields: Record<string, FormDataEntryValue>) {
  if (fields.intent !== "attributes") return null;
  const parsed = PageFields.safeParse(fields);
  if (!parsed.success) return data({ ok: false as const, intent: "attributes", error: pageMessage("attributeValues.failed"), fieldErrors: {} }, { status: 400 });
  const sent: Record<string, string> = {};
  const inputs: AttributeValueInput[] = [];
  for (const [key, value] of Object.entries(parsed.data)) {
    if (key === "intent") continue;
    const attributeId = Number(key.slice("value_".length));
    sent[String(attributeId)] = value as string;
    inputs.push({ attributeId, value: value as string });
  }
  const reach = await attributeReachFor(current, userId);
  const db = await getDb();
  const result = await db.$transaction((tx) => setAttributeValues(tx, userId, inputs, current.actor, reach));
  if (result.errors.length) {
    const attributeErrors = Object.fromEntries(result.errors.map((e) => [String(e.attributeId), e.key]));
    return data({ ok: false as const, intent: "attributes", error: pageMessage("attributeValues.failed"), fieldErrors: {}, attributeErrors, attributeValues: sent }, { status: 400 });
  }
  return { ok: true as const, intent: "attributes", message: pageMessage(result.changed ? "attributeValues.saved" : "attributeValues.unchanged"), error: null, fieldErrors: {} };
}
