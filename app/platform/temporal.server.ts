import { Client, Connection } from "@temporalio/client";
import { env } from "~/platform/env.server";
import { CUSTOM_SEARCH_ATTRIBUTE_KEYS } from "../../workflows/search-attributes-contract";

/**
 * The process-wide Temporal client (kept across dev reloads), connected to TEMPORAL_ADDRESS /
 * TEMPORAL_NAMESPACE. A failed connection is not cached: the next call tries again.
 */

declare global {
  // eslint-disable-next-line no-var
  var __pmrTemporal: Promise<Client> | undefined;
}

export function temporalSettings() {
  const settings = env();
  return {
    address: process.env.TEMPORAL_ADDRESS ?? settings.TEMPORAL_ADDRESS,
    namespace: process.env.TEMPORAL_NAMESPACE ?? settings.TEMPORAL_NAMESPACE,
    taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? settings.TEMPORAL_TASK_QUEUE,
  };
}

export async function getTemporalClient(): Promise<Client> {
  if (!globalThis.__pmrTemporal) {
    const { address, namespace } = temporalSettings();
    const pending = Connection.connect({ address, connectTimeout: 5000 }).then((connection) => new Client({ connection, namespace }));
    globalThis.__pmrTemporal = pending;
    pending.catch(() => {
      if (globalThis.__pmrTemporal === pending) globalThis.__pmrTemporal = undefined;
    });
  }
  return globalThis.__pmrTemporal;
}

export async function closeTemporalClient(): Promise<void> {
  const pending = globalThis.__pmrTemporal;
  globalThis.__pmrTemporal = undefined;
  if (!pending) return;
  const client = await pending.catch(() => undefined);
  await client?.connection.close().catch(() => {});
}

/** temporal.api.enums.v1.IndexedValueType (stable protocol numbers). */
const INDEXED_VALUE_TYPE = { TEXT: 1, KEYWORD: 2, INT: 3, DOUBLE: 4, BOOL: 5, DATETIME: 6, KEYWORD_LIST: 7 } as const;

/**
 * Register the app's custom search attributes (workflows/search-attributes-contract.ts) in the namespace when
 * missing. The dev server registers them at launch; a self-hosted server needs this (or
 * `temporal operator search-attribute create`). Returns the names it added.
 */
export async function ensureSearchAttributes(client?: Client): Promise<string[]> {
  const c = client ?? (await getTemporalClient());
  const namespace = c.options.namespace;
  const existing = await c.connection.operatorService.listSearchAttributes({ namespace });
  const known = new Set([...Object.keys(existing.customAttributes ?? {}), ...Object.keys(existing.systemAttributes ?? {})]);
  const missing = CUSTOM_SEARCH_ATTRIBUTE_KEYS.filter((k) => !known.has(k.name));
  if (missing.length === 0) return [];
  await c.connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(missing.map((k) => [k.name, INDEXED_VALUE_TYPE[k.type]])),
  });
  return missing.map((k) => k.name);
}
