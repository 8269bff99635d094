import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Chip, Link, Paper, Typography, type ChipProps } from "~/platform/ui/static";
import css from "~/features/promotions/components/endorsement-parts.module.css";
import type { EndorsementStatus } from "~/features/promotions/rules";
import type { EndorsementDetailJson } from "~/features/promotions/types";
import { useFormat } from "~/platform/i18n/reader-context";
import { Time } from "~/platform/i18n/time";
import { ENDORSEMENT_STATUS_KEYS, endorsementOutcomeKey } from "~/features/promotions/text-keys";
import { ENDORSEMENTS_PATH } from "~/features/promotions/endorser-page-types";

/** What the endorser's pages share: the status chip, the way back, and the request's facts. */

const STATUS_COLORS: Record<EndorsementStatus, ChipProps["color"]> = {
  requested: "primary",
  accepted: "info",
  rejected: "default",
  endorsed: "success",
  expired: "warning",
  cancelled: "default",
};

/** The request's status in the reader's language (from its code; the JSON's English `status_label` is the API's). */
export function EndorsementStatusChip({ status, testId }: { status: EndorsementStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(ENDORSEMENT_STATUS_KEYS[status])}
      color={STATUS_COLORS[status]}
      variant={status === "requested" ? "outlined" : "filled"}
      data-testid={testId}
      data-status={status}
    />
  );
}

/** A request's outcome column in the reader's language (rules.ts endorsementOutcomeText, from the codes). */
export function useOutcomeText() {
  const { t } = useTranslation();
  return (status: EndorsementStatus, outcome: string | null | undefined) => {
    const key = endorsementOutcomeKey(status, outcome);
    return key ? t(key) : "—";
  };
}

export function BackToEndorsements() {
  const { t } = useTranslation();
  return (
    <Link to={ENDORSEMENTS_PATH} style={{ display: "inline-block", marginBottom: 8 }} data-testid="endorsement-back">
      {t("promotions.endorsements.back")}
    </Link>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={css.row}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" className={css.value} data-testid={testId}>
        {children}
      </Typography>
    </div>
  );
}

/** The request: whom it is about, why they were nominated, by whom, until when, and where it stands. */
export function EndorsementFacts({ endorsement: e, showAnswer }: { endorsement: EndorsementDetailJson; showAnswer: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const about = [e.nominee.job_title, e.nominee.department].filter(Boolean).join(" · ");
  const outcomeText = useOutcomeText();
  return (
    <Paper variant="outlined" style={{ padding: 16 }} data-testid="endorsement-facts">
      <dl className={css.facts}>
        <Row label={t("promotions.endorsements.facts.nominee")} testId="endorsement-nominee">
          {about ? t("promotions.endorsements.facts.nomineeAbout", { name: e.nominee.name, about }) : e.nominee.name}
        </Row>
        <Row label={t("promotions.endorsements.facts.cycle")} testId="endorsement-cycle">
          {e.cycle_name}
        </Row>
        <Row label={t("promotions.endorsements.facts.rationale")} testId="endorsement-rationale">
          {e.rationale || "—"}
        </Row>
        <Row label={t("promotions.endorsements.facts.nominatedBy")} testId="endorsement-nominated-by">
          {e.nominated_by?.name ?? "—"}
        </Row>
        <Row label={t("promotions.endorsements.facts.endorser")} testId="endorsement-endorser">
          {e.endorser.name}
        </Row>
        <Row label={t("promotions.endorsements.facts.deadline")} testId="endorsement-deadline">
          {e.deadline ? format.dateTime(e.deadline) : t("promotions.noDeadline")}
        </Row>
        <Row label={t("promotions.endorsements.facts.status")} testId="endorsement-status">
          <EndorsementStatusChip status={e.status} />
        </Row>
        {showAnswer && (
          <>
            <Row label={t("promotions.endorsements.facts.outcome")} testId="endorsement-outcome">
              {outcomeText(e.status, e.outcome)}
            </Row>
            {e.body && (
              <Row label={t("promotions.endorsements.facts.endorsement")} testId="endorsement-body">
                {e.body}
              </Row>
            )}
            {e.reject_reason && (
              <Row label={t("promotions.endorsements.facts.rejectReason")} testId="endorsement-reject-reason">
                {e.reject_reason}
              </Row>
            )}
            {e.endorsed_at && (
              <Row label={t("promotions.endorsements.facts.endorsedOn")} testId="endorsement-endorsed-at">
                <Time value={e.endorsed_at} />
              </Row>
            )}
          </>
        )}
      </dl>
    </Paper>
  );
}
