import { useTranslation } from "react-i18next";
import { ButtonLink, Typography } from "~/platform/ui/static";
import css from "~/features/promotions/components/pages.module.css";
import { endorsementPaths, type EndorsementPageData } from "~/features/promotions/endorser-page-types";
import { BackToEndorsements, EndorsementFacts } from "~/features/promotions/components/endorsement-parts";

/** /app/promotions/endorsements/{endorsementId}/view: one request, read-only (status, outcome, the written endorsement). */
export function EndorsementViewPage({ data }: { data: EndorsementPageData }) {
  const { endorsement: e, cycleId } = data;
  const canAnswer = e.can.accept || e.can.reject || e.can.endorse;
  const { t } = useTranslation();
  return (
    <div className={`${css.page} ${css.tight} ${css.w960}`}>
      <div>
        <BackToEndorsements />
        <Typography variant="h4" component="h1" data-testid="endorsement-title">
          {t("promotions.endorsements.viewTitle", { name: e.nominee.name })}
        </Typography>
      </div>
      <EndorsementFacts endorsement={e} showAnswer />
      {canAnswer && (
        <div>
          <ButtonLink variant="contained" to={endorsementPaths.endorse(e.id, cycleId)} data-testid="endorsement-answer">
            {t("promotions.endorsements.answerThis")}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
