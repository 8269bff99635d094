import { getDb } from "~/platform/db.server";
import { toCsv, csvDownload } from "~/platform/csv";
import { DIRECTORY_CSV_COLUMNS } from "~/features/jobs/types/directory/columns";
import { attributeColumns, type AttributeColumn } from "~/features/jobs/types/directory/attribute-columns.server";

/**
 * The directory as a CSV in the import's columns (ADR 0052): every user who is not erased, active or not, by id, so that
 * export → edit in a spreadsheet → import round-trips. Written by the app's one CSV writer (formula cells neutralised;
 * the import restores them) and streamed a page of users at a time. After the import's columns, one per people
 * attribute kept as a value, headed by its name (ADR 0110): the download is for super admins only, like the import.
 */

const PAGE = 2000;

type ExportRow = {
  id: number;
  email: string;
  name: string;
  role: string;
  jobTitle: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  manager: string | null;
  secondary: string | null;
  hr: string | null;
  startDate: string | null;
  employeeNumber: string | null;
  active: boolean;
  /** The person's attribute values by attribute id (null: none). */
  attrs: Record<string, string> | null;
};

async function page(afterId: number): Promise<ExportRow[]> {
  const db = await getDb();
  return db.$queryRaw<ExportRow[]>`
    SELECT u.id, u.email, u.name, u.role::text AS role, u."jobTitle", u.department, u.level, u.location,
      m.email AS manager, s.email AS secondary, h.email AS hr, to_char(u."startDate", 'YYYY-MM-DD') AS "startDate",
      u."employeeNumber", u.active,
      (SELECT jsonb_object_agg(v."attributeId"::text, v.value) FROM "AttributeValue" v WHERE v."userId" = u.id) AS attrs
    FROM "User" u
    LEFT JOIN "User" m ON m.id = u."managerId"
    LEFT JOIN "User" s ON s.id = u."secondaryManagerId"
    LEFT JOIN "User" h ON h.id = u."hrPartnerId"
    WHERE u.id > ${afterId}::int AND u."erasedAt" IS NULL
    ORDER BY u.id
    LIMIT ${PAGE}::int`;
}

export function directoryCsvRecord(r: ExportRow, attributes: readonly AttributeColumn[] = []): string[] {
  return [
    r.email,
    r.name,
    r.role,
    r.jobTitle ?? "",
    r.department ?? "",
    r.level ?? "",
    r.location ?? "",
    r.manager ?? "",
    r.secondary ?? "",
    r.hr ?? "",
    r.startDate ?? "",
    r.employeeNumber ?? "",
    r.active ? "true" : "false",
    ...attributes.map((a) => r.attrs?.[String(a.attributeId)] ?? ""),
  ];
}

/** The header: the import's columns, then the attributes' names. */
const headerOf = (attributes: readonly AttributeColumn[]) => [...DIRECTORY_CSV_COLUMNS, ...attributes.map((a) => a.name)];

/** The directory CSV as a streamed download. */
export function directoryCsvResponse(now = new Date()): Response {
  let afterId = 0;
  let attributes: AttributeColumn[] | null = null;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!attributes) {
          attributes = await attributeColumns(await getDb());
          controller.enqueue(encoder.encode(toCsv([headerOf(attributes)])));
        }
        const rows = await page(afterId);
        if (rows.length > 0) {
          afterId = rows[rows.length - 1]!.id;
          controller.enqueue(encoder.encode(toCsv(rows.map((r) => directoryCsvRecord(r, attributes!)))));
        }
        if (rows.length < PAGE) controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
  const name = `directory-${now.toISOString().slice(0, 10)}.csv`;
  return csvDownload(body, name);
}

/** The import's header row (with the attributes' columns), for the template download. */
export async function directoryTemplateCsv(): Promise<string> {
  return toCsv([headerOf(await attributeColumns(await getDb()))]);
}
