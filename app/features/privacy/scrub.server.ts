import type { Tx } from "~/platform/db.server";
import { escapeRegex, identifierPattern, replaceIdentifiers, scrubTextLines, type Replacement } from "~/features/privacy/rules";

/**
 * The generic pass of an erasure (ADR 0053): every text, varchar, json/jsonb, text-array and bytea column of every table
 * of the schema (read from information_schema, so a table added later is covered without a change here) is searched
 * for the person's email and name, case-insensitively, and each occurrence is replaced by the pseudonym. The person's
 * other unique identifiers (employee number, SCIM ids) become null where they are the value of an identifier key in
 * JSON, and blank where they are a whole cell of a file's line that names the person. A bytea value (job files, stored API
 * answers) is decoded as UTF-8 and rewritten; one that is not text (a ZIP) is set to NULL, or its row deleted when
 * the column is NOT NULL. Runs inside the erasure's transaction.
 */

type Column = { table: string; column: string; dataType: string; udt: string; nullable: boolean };

export type ScrubCounts = Record<string, number>;

/** JSON keys under which the app and its integrations write a person's unique identifiers. */
const ID_KEYS = [
  "employee_number", "employeeNumber", "scim_id", "scimId", "external_id", "externalId", "scim_external_id", "scimExternalId",
  "user_name", "userName", "scim_user_name", "scimUserName", "given_name", "givenName", "scim_given_name", "scimGivenName",
  "family_name", "familyName", "scim_family_name", "scimFamilyName",
];

const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1);

const quote = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** Columns that can hold text, of the app's tables (not Prisma's migration log). */
async function textColumns(tx: Tx): Promise<Column[]> {
  const rows = await tx.$queryRawUnsafe<Array<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string }>>(
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
        AND c.table_name <> '_prisma_migrations'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
             OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
      ORDER BY c.table_name, c.ordinal_position`,
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name, dataType: r.data_type, udt: r.udt_name, nullable: r.is_nullable === "YES" }));
}

/** Nested regexp_replace of `expr` by every replacement (PostgreSQL, case-insensitive), with its parameters. */
function replaceExpr(expr: string, replacements: readonly Replacement[], params: unknown[]): string {
  let out = expr;
  for (const r of replacements) {
    params.push(identifierPattern(r.pattern, r.kind, "postgres"), r.replacement);
    out = `regexp_replace(${out}, $${params.length - 1}, $${params.length}, 'gi')`;
  }
  return out;
}

function matchExpr(expr: string, replacements: readonly Replacement[], params: unknown[]): string {
  return replacements
    .map((r) => {
      params.push(identifierPattern(r.pattern, r.kind, "postgres"));
      return `${expr} ~* $${params.length}`;
    })
    .join(" OR ");
}

/** A LIKE pattern (escape character `!`) for a text inside encode(bytea, 'escape'). */
function escapedBytesLike(value: string): string {
  let s = "";
  for (const byte of Buffer.from(value, "utf8")) {
    if (byte === 0x5c) s += "\\\\";
    else if (byte >= 0x20 && byte < 0x7f) s += String.fromCharCode(byte);
    else s += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `%${s.replace(/[!%_]/g, "!$&")}%`;
}

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true });

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Replace the person's identifiers in every table. `otherValues`: their unique identifiers besides email and name
 * (employee number, SCIM id, SCIM externalId). `heartbeat` is called between columns. Returns rows changed per
 * "Table.column".
 */
export async function scrubAllTables(
  tx: Tx,
  replacements: readonly Replacement[],
  otherValues: readonly string[],
  heartbeat: () => void = () => {},
): Promise<ScrubCounts> {
  const counts: ScrubCounts = {};
  const ids = otherValues.filter((v) => v.trim() !== "");
  const add = (c: Column, n: number) => {
    if (n > 0) counts[`${c.table}.${c.column}`] = (counts[`${c.table}.${c.column}`] ?? 0) + n;
  };
  for (const c of await textColumns(tx)) {
    heartbeat();
    const col = quote(c.column);
    const table = quote(c.table);
    if (c.dataType === "bytea") {
      add(c, await scrubBytea(tx, c, replacements, ids));
      continue;
    }
    if (c.dataType === "ARRAY") {
      const params: unknown[] = [];
      const element = replaceExpr("x", replacements, params);
      const where = matchExpr(`array_to_string(${col}, E'\\n')`, replacements, params);
      add(c, await tx.$executeRawUnsafe(`UPDATE ${table} SET ${col} = ARRAY(SELECT ${element} FROM unnest(${col}) WITH ORDINALITY AS u(x, n) ORDER BY n) WHERE ${where}`, ...params));
      continue;
    }
    const json = c.dataType === "json" || c.dataType === "jsonb";
    const asText = json ? `${col}::text` : col;
    const params: unknown[] = [];
    const set = replaceExpr(asText, replacements, params);
    const where = matchExpr(asText, replacements, params);
    add(c, await tx.$executeRawUnsafe(`UPDATE ${table} SET ${col} = (${set})${json ? `::${c.dataType}` : ""} WHERE ${where}`, ...params));
    if (json) {
      for (const id of ids) {
        // The identifier as the value of an identifier key ("employee_number": "E1001") becomes null.
        const p = [`("(?:${ID_KEYS.join("|")})"\\s*:\\s*)"${escapeRegex(jsonEscaped(id))}"`];
        add(c, await tx.$executeRawUnsafe(`UPDATE ${table} SET ${col} = regexp_replace(${col}::text, $1, '\\1null', 'gi')::${c.dataType} WHERE ${col}::text ~* $1`, ...p));
      }
    }
  }
  return counts;
}

/** The bytea rows that contain an identifier, rewritten as text (or emptied when they are not text). */
async function scrubBytea(tx: Tx, c: Column, replacements: readonly Replacement[], ids: readonly string[]): Promise<number> {
  const col = quote(c.column);
  const table = quote(c.table);
  const params = replacements.map((r) => escapedBytesLike(r.pattern));
  const where = params.map((_p, i) => `encode(${col}, 'escape') ILIKE $${i + 1} ESCAPE '!'`).join(" OR ");
  const rows = await tx.$queryRawUnsafe<Array<{ ctid: string }>>(`SELECT ctid::text AS ctid FROM ${table} WHERE ${where} FOR UPDATE`, ...params);
  let changed = 0;
  for (const { ctid } of rows) {
    const [row] = await tx.$queryRawUnsafe<Array<{ v: Uint8Array | null }>>(`SELECT ${col} AS v FROM ${table} WHERE ctid = $1::tid`, ctid);
    if (!row?.v) continue;
    const text = decodeUtf8(row.v);
    if (text === null) {
      if (c.nullable) await tx.$executeRawUnsafe(`UPDATE ${table} SET ${col} = NULL WHERE ctid = $1::tid`, ctid);
      else await tx.$executeRawUnsafe(`DELETE FROM ${table} WHERE ctid = $1::tid`, ctid);
    } else {
      const rewritten = scrubTextLines(text, replacements, ids);
      // A line-free text (JSON) has its identifiers replaced by scrubTextLines too; what is left is replaced anywhere.
      const bytes = Buffer.from(replaceIdentifiers(rewritten, replacements), "utf8");
      await tx.$executeRawUnsafe(`UPDATE ${table} SET ${col} = $1 WHERE ctid = $2::tid`, bytes, ctid);
    }
    changed++;
  }
  return changed;
}
