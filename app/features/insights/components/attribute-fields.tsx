import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { builtInNameKey, type PersonAttribute } from "~/features/insights/attribute-value-rules";
import { Button, Paper, Typography } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import css from "~/features/insights/components/attribute-fields.module.css";

/**
 * The Attributes section of the directory's admin user page (issue 29 §1, ADR 0109), static HTML: each people attribute
 * with the person's value — the built-in level, location, department and start date read only (their fields are the
 * details form's), the others a field each in one form posting intent "attributes"; a refused value is marked with its
 * reason and nothing is saved. Attribute names and values are data, shown as they are.
 */

export type AttributeFieldView = PersonAttribute;
export type AttributeFieldsResult = { intent?: string | null; ok?: boolean; attributeErrors?: Record<string, TranslationKey>; attributeValues?: Record<string, string> } | undefined;

export const ATTRIBUTES_INTENT = "attributes";
const KIND_KEY = { category: "attributeValues.kind.category", date: "attributeValues.kind.date", number: "attributeValues.kind.number" } as const;
export const attributeFieldName = (id: number) => `value_${id}`;

export function AttributeFields({ attributes }: { attributes: AttributeFieldView[] }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const result = useActionData() as AttributeFieldsResult;
  const mine = result?.intent === ATTRIBUTES_INTENT && result.ok === false ? result : null;
  const columns = attributes.filter((a) => !a.editable);
  const fields = attributes.filter((a) => a.editable);
  const nameOf = (a: AttributeFieldView) => {
    const key = builtInNameKey(a);
    return key ? t(key) : a.name;
  };
  const label = (a: AttributeFieldView) => (a.visibility === "super_admins" ? `${nameOf(a)} (${t("attributeValues.superAdminsOnly")})` : nameOf(a));
  return (
    <section className={css.section} data-testid="user-attributes" aria-labelledby="user-attributes-heading">
      <Typography variant="h6" component="h2" id="user-attributes-heading" className={css.heading}>
        {t("attributeValues.title")}
      </Typography>
      <Typography color="text.secondary" className={css.hint}>
        {t("attributeValues.hint")}
      </Typography>
      {attributes.length === 0 && <Typography>{t("attributeValues.none")}</Typography>}
      {columns.length > 0 && (
        <Paper variant="outlined" className={css.grid} data-testid="user-attribute-columns">
          {columns.map((a) => (
            <div key={a.id} className={css.column} data-testid={`user-attribute-${a.key ?? a.id}`}>
              <Typography variant="body2" color="text.secondary">
                {label(a)}
              </Typography>
              <span className={css.columnValue}>{a.value ?? t("attributeValues.notSet")}</span>
              <Typography variant="caption" color="text.secondary">
                {t("attributeValues.columnNote")}
              </Typography>
            </div>
          ))}
        </Paper>
      )}
      {fields.length > 0 && (
        // Keyed by the stored values: a saved form shows what was stored (canonical numbers, trimmed text).
        <Form method="post" key={fields.map((a) => `${a.id}:${a.value ?? ""}`).join("|")} data-testid="user-attributes-form">
          <input type="hidden" name="intent" value={ATTRIBUTES_INTENT} />
          <div className={css.grid}>
            {fields.map((a) => {
              const error = mine?.attributeErrors?.[String(a.id)];
              const sent = mine?.attributeValues?.[String(a.id)];
              return (
                <TextField
                  key={a.id}
                  name={attributeFieldName(a.id)}
                  label={label(a)}
                  type={a.kind === "date" ? "date" : "text"}
                  defaultValue={sent ?? a.value ?? ""}
                  error={Boolean(error)}
                  helperText={error ? t(error) : t("attributeValues.fieldHint", { kind: t(KIND_KEY[a.kind]) })}
                  inputProps={{ inputMode: a.kind === "number" ? "decimal" : undefined, maxLength: a.kind === "category" ? 100 : 40, "data-testid": `user-attribute-input-${a.key ?? a.id}` }}
                  data-testid={`user-attribute-${a.key ?? a.id}`}
                  fullWidth
                />
              );
            })}
          </div>
          <Button type="submit" variant="contained" disabled={busy} data-testid="user-attributes-save">
            {t("attributeValues.save")}
          </Button>
        </Form>
      )}
    </section>
  );
}
