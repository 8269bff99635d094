import type { Actor } from "~/platform/actor";
import type { Tx } from "~/platform/db.server";
import { recordAudit } from "~/platform/audit.server";
import type { DirectoryFields } from "~/features/users/directory.server";
import { managerCycleRefusal } from "~/features/users/directory-rules";
import { managerChainIds } from "~/features/users/model.server";
import { invalidValue } from "./protocol";
import type { ScimUserInput } from "./user-resource";

/**
 * A SCIM resource's fields for the directory's writer, people (manager, secondary manager, HR partner) named by SCIM
 * id turned into the emails it takes (docs/decisions/0051-scim-provisioning.md).
 *
 * The identity provider is the authority on who manages whom: a person it names who is deactivated here (a manager
 * who left, still set on their reports in the provider) is linked all the same, where the admin pages and the CSV
 * import refuse it. Those links are written here after the writer's change, with the same checks (someone else, no
 * loop in the management chain) and their own audit record (user.update, source scim).
 */

type Column = "managerId" | "secondaryManagerId" | "hrPartnerId";
type Field = "manager_email" | "secondary_manager_email" | "hr_partner_email";
const LINKS: Array<{ input: "managerId" | "secondaryManagerId" | "hrPartnerId"; field: Field; column: Column; what: string }> = [
  { input: "managerId", field: "manager_email", column: "managerId", what: "manager" },
  { input: "secondaryManagerId", field: "secondary_manager_email", column: "secondaryManagerId", what: "secondaryManager" },
  { input: "hrPartnerId", field: "hr_partner_email", column: "hrPartnerId", what: "hrPartner" },
];

export type DeferredLink = { column: Column; field: Field; what: string; target: { id: number; email: string } };
export type CurrentLinks = Record<Column, number | null> | null;

/** The directory field each plain attribute of a resource sets. */
const PLAIN: Array<[keyof ScimUserInput, keyof DirectoryFields]> = [
  ["email", "email"],
  ["name", "name"],
  ["title", "job_title"],
  ["department", "department"],
  ["level", "level"],
  ["location", "location"],
  ["employeeNumber", "employee_number"],
  ["active", "active"],
  // From the attribute extension: undefined (the resource does not carry it) keeps the start date (ADR 0117).
  ["startDate", "start_date"],
];

/**
 * The directory fields of `input`. `previous` (a PATCH: the resource before the operations, read the same way)
 * limits them to the attributes the operations changed, so a PATCH leaves the rest as it is. A link the resource
 * cannot show (to a person not linked to SCIM, set on the admin pages or by the CSV import) is kept when the
 * resource names nobody there.
 */
export async function directoryFields(
  tx: Tx,
  input: ScimUserInput,
  current: CurrentLinks,
  previous: ScimUserInput | null = null,
): Promise<{ fields: DirectoryFields; deferred: DeferredLink[] }> {
  const changed = (key: keyof ScimUserInput) => previous === null || previous[key] !== input[key];
  const fields: DirectoryFields = {};
  for (const [key, field] of PLAIN) if (input[key] !== undefined && changed(key)) (fields as Record<string, unknown>)[field] = input[key];
  const deferred: DeferredLink[] = [];
  for (const link of LINKS) {
    if (!changed(link.input)) continue;
    const scimId = input[link.input];
    if (scimId === null) {
      const linked = current?.[link.column] ?? null;
      const unseen = linked !== null && (await tx.user.findUnique({ where: { id: linked }, select: { scimId: true } }))?.scimId == null;
      if (!unseen) fields[link.field] = null;
      continue;
    }
    const person = await tx.user.findUnique({ where: { scimId }, select: { id: true, email: true, active: true } });
    if (!person) throw invalidValue(`${link.what}: no User with id ${scimId}`);
    if (person.active || current?.[link.column] === person.id) fields[link.field] = person.email;
    else deferred.push({ column: link.column, field: link.field, what: link.what, target: { id: person.id, email: person.email } });
  }
  return { fields, deferred };
}

/** Writes the links to deactivated people (after the writer's change, in its transaction). */
export async function writeDeferredLinks(tx: Tx, actor: Actor, userId: number, deferred: DeferredLink[]): Promise<void> {
  for (const link of deferred) {
    if (link.target.id === userId) throw invalidValue(`A user cannot be their own ${link.what}`);
    if (link.column === "managerId") {
      const refusal = managerCycleRefusal(userId, link.target.id, await managerChainIds(tx, link.target.id), link.target.email);
      if (refusal) throw invalidValue(refusal.message);
    }
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { [link.column]: true } as Record<Column, true> });
    const previous = before[link.column] as number | null;
    if (previous === link.target.id) continue;
    const previousEmail = previous === null ? null : ((await tx.user.findUnique({ where: { id: previous }, select: { email: true } }))?.email ?? null);
    await tx.user.update({ where: { id: userId }, data: { [link.column]: link.target.id } });
    await recordAudit(tx, actor, { action: "user.update", entityType: "User", entityId: userId, before: { [link.field]: previousEmail }, after: { [link.field]: link.target.email } });
  }
}
