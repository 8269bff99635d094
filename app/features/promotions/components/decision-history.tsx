import { useTranslation } from "react-i18next";
import { Typography } from "~/platform/ui/static";
import { useFormat } from "~/platform/i18n/reader-context";
import type { PromotionDecision } from "~/features/promotions/rules";
import type { DecisionChangeJson } from "~/features/promotions/types";
import { ChangeTable, ChangeValues } from "~/features/calibration/components/rating-history";
import { DECISION_KEYS } from "~/features/promotions/meeting-keys";

/**
 * A nomination's decision history (newest first), like calibration's rating history: the old value struck
 * through; a decision a later one replaced is struck through whole and marked "superseded".
 */

export function DecisionHistory({ nominationId, history }: { nominationId: number; history: DecisionChangeJson[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = (v: PromotionDecision | null) => (v ? t(DECISION_KEYS[v]) : t("promotionsMeeting.none"));
  return (
    <section aria-labelledby={`decision-history-${nominationId}-heading`} data-testid={`decision-history-${nominationId}`}>
      <Typography variant="subtitle2" component="h4" id={`decision-history-${nominationId}-heading`} style={{ marginBottom: 4 }}>
        {t("promotionsMeeting.history.heading")}
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid={`decision-history-${nominationId}-empty`}>
          {t("promotionsMeeting.history.empty")}
        </Typography>
      ) : (
        <ChangeTable ariaLabel={t("promotionsMeeting.history.heading")} testId={`decision-history-${nominationId}-table`}>
          {history.map((c) => (
            <tr key={c.id} data-testid={`decision-change-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
              <td className="nowrap">{format.dateTime(c.created_at)}</td>
              <td data-label={t("promotionsMeeting.history.change")}>
                <ChangeValues oldText={label(c.old_value)} newText={label(c.new_value)} superseded={c.superseded} />
              </td>
              <td data-label={t("promotionsMeeting.history.by")}>{c.changed_by?.name ?? t("promotionsMeeting.none")}</td>
              <td data-label={t("promotionsMeeting.history.reason")} className="pre-wrap">
                {c.reason}
              </td>
            </tr>
          ))}
        </ChangeTable>
      )}
    </section>
  );
}
