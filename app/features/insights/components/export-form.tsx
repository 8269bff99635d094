import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, Typography } from "~/platform/ui/static";
import type { InsightsJson } from "~/features/insights/insight-json";
import css from "~/features/insights/components/export-form.module.css";

/**
 * "Export as CSV" on an insight page (issue 29 §5, ADR 0115): a POST to the page itself with the filters in effect,
 * which starts the export job and opens its page (app/features/insights/export/pages.server.ts). Static HTML; works
 * without JavaScript.
 */
export function ExportForm({ filters }: { filters: InsightsJson["filters"] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <Form method="post" className={css.export} data-testid="insights-export-form">
      {filters
        .filter((f) => f.value !== null)
        .map((f) => (
          <input key={f.attribute_id} type="hidden" name="filter" value={`${f.attribute_id}:${f.value}`} />
        ))}
      <Button type="submit" variant="outlined" disabled={busy} data-testid="insights-export">
        {t("insightsExport.button")}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t("insightsExport.hint")}
      </Typography>
    </Form>
  );
}
