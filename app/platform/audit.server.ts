import type { Tx, Db } from "~/platform/db.server";

import type { Actor } from "~/platform/actor";

export type { Actor };

export const SYSTEM_ACTOR: Actor = { userId: null, realUserId: null, source: "system" };

export type AuditInput = {
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
};

function toJson(value: unknown) {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value));
}

function auditRow(actor: Actor, input: AuditInput) {
  return {
    actorId: actor.userId,
    realActorId: actor.realUserId ?? actor.userId,
    source: actor.source,
    actorLabel: actor.label ?? null,
    action: input.action,
    entityType: input.entityType,
    entityId: String(input.entityId),
    before: toJson(input.before),
    after: toJson(input.after),
  };
}

/** Write one audit record inside the caller's transaction. */
export async function recordAudit(tx: Tx | Db, actor: Actor, input: AuditInput) {
  await tx.auditRecord.create({ data: auditRow(actor, input) });
}

/** Write one audit record per input in one statement (bulk jobs' chunks), inside the caller's transaction. */
export async function recordAudits(tx: Tx | Db, actor: Actor, inputs: AuditInput[]) {
  if (inputs.length) await tx.auditRecord.createMany({ data: inputs.map((input) => auditRow(actor, input)) });
}
