import { useTranslation } from "react-i18next";
import { ButtonLink, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { useFormat } from "~/platform/i18n/reader-context";
import { StackedTable } from "~/platform/ui/stacked-table";
import css from "~/features/promotions/components/pages.module.css";
import { isEndorsementOpen } from "~/features/promotions/rules";
import { useSetupToasts } from "~/features/calibration/components/session-setup-parts";
import { endorsementPaths, type EndorsementListPageData } from "~/features/promotions/endorser-page-types";
import { EndorsementStatusChip, useOutcomeText } from "~/features/promotions/components/endorsement-parts";

/**
 * /app/promotions/endorsements ('Endorsement Requests'): the signed-in user's endorsement requests, newest
 * first, with an Answer link while a request is open and a View link. Loader: endorser-pages.server.ts.
 */
export function EndorsementListPage({ data }: { data: EndorsementListPageData }) {
  const outcomeText = useOutcomeText();
  useSetupToasts(undefined);
  const { t } = useTranslation();
  const format = useFormat();
  const rows = data.endorsements;
  return (
    <div className={css.page}>
      <Typography variant="h4" component="h1">
        {t("promotions.endorsements.title")}
      </Typography>
      <Typography color="text.secondary">{t("promotions.endorsements.intro")}</Typography>
      <StackedTable
        testId="endorsements-table"
        ariaLabel={t("promotions.endorsements.tableLabel")}
        empty={rows.length === 0}
        emptyText={t("promotions.endorsements.empty")}
        emptyTestId="endorsements-empty"
        head={
          <>
            <TableCell>{t("promotions.endorsements.nominee")}</TableCell>
            <TableCell>{t("promotions.endorsements.cycle")}</TableCell>
            <TableCell>{t("promotions.endorsements.status")}</TableCell>
            <TableCell>{t("promotions.endorsements.outcome")}</TableCell>
            <TableCell>{t("promotions.endorsements.deadline")}</TableCell>
            <TableCell align="right">{t("promotions.endorsements.actions")}</TableCell>
          </>
        }
      >
        {rows.map((e) => (
          <TableRow key={e.id} data-testid={`endorsement-row-${e.id}`}>
            <TableCell data-testid={`endorsement-nominee-${e.id}`}>
              {e.nominee.name}
              <Typography variant="body2" color="text.secondary" component="span" className={css.block}>
                {e.nominee.email}
              </Typography>
            </TableCell>
            <TableCell data-label={t("promotions.endorsements.cycle")}>{e.cycle_name}</TableCell>
            {/* No column name on a phone: the chip says the status, and takes the whole line (a chip is never cut). */}
            <TableCell>
              <EndorsementStatusChip status={e.status} testId={`endorsement-status-${e.id}`} />
            </TableCell>
            <TableCell data-label={t("promotions.endorsements.outcome")} data-testid={`endorsement-outcome-${e.id}`}>
              {outcomeText(e.status, e.outcome)}
            </TableCell>
            <TableCell data-label={t("promotions.endorsements.deadline")}>{e.deadline ? format.dateTime(e.deadline) : t("promotions.noDeadline")}</TableCell>
            <TableCell align="right" data-label={t("promotions.endorsements.actions")}>
              <div className={`${css.actions} ${css.end}`}>
                {isEndorsementOpen(e.status) && (
                  <ButtonLink
                    size="small"
                    variant="contained"
                    to={endorsementPaths.endorse(e.id, e.cycle_id)}
                    aria-label={t("promotions.endorsements.answerAbout", { name: e.nominee.name })}
                    data-testid={`endorsement-answer-${e.id}`}
                  >
                    {t("promotions.endorsements.answer")}
                  </ButtonLink>
                )}
                <ButtonLink
                  size="small"
                  to={endorsementPaths.view(e.id, e.cycle_id)}
                  aria-label={t("promotions.endorsements.viewAbout", { name: e.nominee.name })}
                  data-testid={`endorsement-view-${e.id}`}
                >
                  {t("promotions.endorsements.view")}
                </ButtonLink>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </StackedTable>
    </div>
  );
}
