import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload, toCsv } from "~/platform/csv";
import { QUESTIONNAIRE_CSV_COLUMNS, questionnaireToCsvRows } from "~/features/questionnaires/csv";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { getQuestionnaire } from "~/features/questionnaires/service.server";

/**
 * GET /app/admin/cycles/{cycleId}/questionnaire-template.csv: the cycle's current questionnaire
 * (or the default one) in the upload format, one row per question, ready to edit and upload.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const questionnaire = await getQuestionnaire(cycle.id);
  const csv = toCsv(questionnaireToCsvRows(questionnaire.definition), { header: true, columns: QUESTIONNAIRE_CSV_COLUMNS, recordDelimiter: "windows" });
  return csvDownload(csv, `questionnaire-cycle-${cycle.id}.csv`);
}
