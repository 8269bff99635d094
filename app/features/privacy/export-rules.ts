/**
 * The shape of a person's data export (ADR 0053) and how its sections become CSV rows. PURE module.
 */

export type ExportRow = Record<string, unknown>;

export type PersonExport = {
  /** Version of this format. */
  format: "pmr-personal-data/1";
  exported_at: string;
  profile: ExportRow;
  /** Section name → its rows (each becomes `<section>.csv` in the ZIP). */
  sections: Record<string, ExportRow[]>;
};

function isPerson(value: unknown): value is { id: unknown; name: unknown; email: unknown } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 3 && keys.includes("id") && keys.includes("name") && keys.includes("email");
}

/**
 * One CSV row of a record: scalars as they are, a person ({id, name, email}) as `<key>_id`, `<key>_name`,
 * `<key>_email` columns, any other object or list as its JSON text.
 */
export function flattenRecord(record: ExportRow): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined) out[key] = null;
    else if (isPerson(value)) {
      out[`${key}_id`] = value.id as number;
      out[`${key}_name`] = String(value.name);
      out[`${key}_email`] = String(value.email);
    } else if (typeof value === "object") out[key] = JSON.stringify(value);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[key] = value;
    else out[key] = String(value);
  }
  return out;
}
