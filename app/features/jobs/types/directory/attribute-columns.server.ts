import { Prisma } from "~/generated/prisma/client.ts";
import type { Db, Tx } from "~/platform/db.server";
import type { Actor } from "~/platform/actor";
import type { StoredMessage } from "~/platform/i18n/stored-text";
import { readCsvHeader } from "~/features/jobs/files.server";
import { readCsvRecordsQuick } from "~/features/jobs/csv-quick.server";
import { restoreCsvCell } from "~/platform/csv-cells";
import { DIRECTORY_CSV_COLUMNS } from "~/features/jobs/types/directory/columns";
import { userIdByEmail, type ChunkRange } from "~/features/jobs/types/directory/write.server";
import { isColumnAttribute, parseAttributeValue, setAttributeValues, type AttributeValueInput } from "~/features/insights/attribute-values.server";

/**
 * People attribute columns of the directory CSV (issue 29 §1, docs/decisions/0110): one optional column per attribute
 * whose values live in AttributeValue (gender, employment type and the custom ones), headed by the attribute's name
 * as defined, in any case. The built-in attributes kept in the user's own fields (level, location, department, start
 * date) keep their columns of the import. A header naming neither is refused (headerRefusal, ADR 0100).
 * A blank cell clears the person's value, as a blank optional cell of the import does; a file without the column
 * leaves every value of that attribute as it is. Values are checked per kind while staging (a row error with its
 * code) and written in the save steps through the one writer of values (setAttributeValues: one `user.attributes`
 * audit record per person changed, the job's actor).
 */

export type AttributeColumn = { attributeId: number; name: string; kind: "category" | "date" | "number"; header: string };

const KIND = { CATEGORY: "category", DATE: "date", NUMBER: "number" } as const;
const STANDARD = new Set<string>(DIRECTORY_CSV_COLUMNS);

/** The attributes a directory CSV may carry as columns: those whose values are not the user's own fields. */
export async function attributeColumns(db: Db | Tx): Promise<AttributeColumn[]> {
  const defs = await db.attributeDefinition.findMany({ orderBy: { id: "asc" }, select: { id: true, key: true, name: true, kind: true } });
  return defs
    .filter((d) => !isColumnAttribute(d.key))
    .map((d) => ({ attributeId: d.id, name: d.name, kind: KIND[d.kind], header: d.name.trim().toLowerCase() }))
    // A standard column of the import keeps its meaning: an attribute named like one is not a column of the file.
    .filter((c) => !STANDARD.has(c.header));
}

/** Every column a directory CSV may have (as headers compare: trimmed, lower case). */
export async function directoryCsvColumns(db: Db | Tx): Promise<string[]> {
  return [...DIRECTORY_CSV_COLUMNS, ...(await attributeColumns(db)).map((c) => c.header)];
}

/** The attribute columns of a file with this header, each with its place in the row. */
export function attributeColumnsOf(header: readonly string[], all: readonly AttributeColumn[]): Array<AttributeColumn & { index: number }> {
  return all
    .flatMap((c) => {
      const index = header.indexOf(c.header);
      return index < 0 ? [] : [{ ...c, index }];
    })
    .sort((a, b) => a.index - b.index);
}

export type AttributeCellError = { column: string; message: string; code: StoredMessage };

/** A row's attribute cells: what to set (blank: clear) and the cells refused by their kind's rules. */
export function readAttributeCells(cells: readonly string[], columns: ReadonlyArray<AttributeColumn & { index: number }>) {
  const inputs: AttributeValueInput[] = [];
  const errors: AttributeCellError[] = [];
  for (const c of columns) {
    const raw = restoreCsvCell(cells[c.index] ?? "").trim();
    if (raw === "") {
      inputs.push({ attributeId: c.attributeId, value: null });
      continue;
    }
    const parsed = parseAttributeValue(c.kind, raw);
    if (parsed.ok) inputs.push({ attributeId: c.attributeId, value: parsed.value });
    else errors.push({ column: c.name, message: parsed.en, code: { key: parsed.key } });
  }
  return { inputs, errors };
}

/**
 * Write the attribute values of a save step's valid rows (after saveChunk, in its transaction): the rows' cells are
 * read again from the stored file, each person's values set through setAttributeValues with the job's actor.
 * Returns how many people changed only by their attributes (not created, their user row untouched by this step), so
 * the job's counts call them updated.
 */
export async function saveAttributeChunk(tx: Tx, c: ChunkRange, header: readonly string[], actor: Actor, at: Date, created: ReadonlySet<number>): Promise<number> {
  const columns = attributeColumnsOf(header, await attributeColumns(tx));
  if (columns.length === 0) return 0;
  const rows = await tx.$queryRaw<Array<{ seq: number; user_id: number; touched: boolean }>>`
    SELECT s.seq, u.id AS user_id, (u."updatedAt" = ${at.toISOString()}::timestamp(3)) AS touched
    FROM "DirectoryStagedRow" s
    CROSS JOIN LATERAL (SELECT x.id, x."updatedAt" FROM "User" x WHERE x.id = ${userIdByEmail("s.email")}) u
    WHERE s."jobId" = ${c.jobId}::int AND s.seq > ${c.from}::int AND s.seq <= ${c.to}::int AND s.errors IS NULL
    ORDER BY s.seq`;
  if (rows.length === 0) return 0;
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  const start = (await readCsvHeader(tx, c.jobId))?.start;
  if (!start) return 0;
  let seq = 0;
  let attributesOnly = 0;
  for await (const record of readCsvRecordsQuick(tx, c.jobId, start)) {
    if (++seq <= c.from) continue;
    if (seq > c.to) break;
    const row = bySeq.get(seq);
    if (!row) continue;
    const { inputs } = readAttributeCells(record.cells, columns);
    const { changed, errors } = await setAttributeValues(tx, row.user_id, inputs, actor);
    // Checked while staging; an attribute deleted since is the only way here.
    if (errors.length) throw new Error(`Row ${record.rowNumber}: ${errors.map((e) => e.en).join("; ")}`);
    if (changed && !row.touched && !created.has(row.seq)) attributesOnly++;
  }
  return attributesOnly;
}

/** The staged rows of a range that the create steps made (their users are counted as created). */
export async function createdSeqs(tx: Tx, c: ChunkRange): Promise<Set<number>> {
  const rows = await tx.$queryRaw<Array<{ seq: number }>>(Prisma.sql`
    SELECT s.seq FROM "DirectoryStagedRow" s
    WHERE s."jobId" = ${c.jobId}::int AND s.seq > ${c.from}::int AND s.seq <= ${c.to}::int AND s.errors IS NULL AND s.done`);
  return new Set(rows.map((r) => r.seq));
}
