import type { ReactNode } from "react";
import { Chip, Link, Paper, Typography, type ChipProps } from "~/platform/ui/static";
import css from "~/features/promotions/components/endorsement-parts.module.css";
import type { EndorsementStatus } from "~/features/promotions/rules";
import type { EndorsementDetailJson } from "~/features/promotions/types";
import { deadlineText } from "~/features/calibration/session-setup";
import { whenText } from "~/features/calibration/meeting-page-types";
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

export function EndorsementStatusChip({ status, label, testId }: { status: EndorsementStatus; label: string; testId?: string }) {
  return (
    <Chip
      size="small"
      label={label}
      color={STATUS_COLORS[status]}
      variant={status === "requested" ? "outlined" : "filled"}
      data-testid={testId}
      data-status={status}
    />
  );
}

export function BackToEndorsements() {
  return (
    <Link to={ENDORSEMENTS_PATH} style={{ display: "inline-block", marginBottom: 8 }} data-testid="endorsement-back">
      ← Endorsement Requests
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
  const about = [e.nominee.job_title, e.nominee.department].filter(Boolean).join(" · ");
  return (
    <Paper variant="outlined" style={{ padding: 16 }} data-testid="endorsement-facts">
      <dl className={css.facts}>
        <Row label="Nominee" testId="endorsement-nominee">
          {e.nominee.name}
          {about ? ` (${about})` : ""}
        </Row>
        <Row label="Cycle" testId="endorsement-cycle">
          {e.cycle_name}
        </Row>
        <Row label="Nomination rationale" testId="endorsement-rationale">
          {e.rationale || "—"}
        </Row>
        <Row label="Nominated by" testId="endorsement-nominated-by">
          {e.nominated_by?.name ?? "—"}
        </Row>
        <Row label="Endorser" testId="endorsement-endorser">
          {e.endorser.name}
        </Row>
        <Row label="Deadline" testId="endorsement-deadline">
          {deadlineText(e.deadline)}
        </Row>
        <Row label="Status" testId="endorsement-status">
          <EndorsementStatusChip status={e.status} label={e.status_label} />
        </Row>
        {showAnswer && (
          <>
            <Row label="Outcome" testId="endorsement-outcome">
              {e.outcome_label}
            </Row>
            {e.body && (
              <Row label="Endorsement" testId="endorsement-body">
                {e.body}
              </Row>
            )}
            {e.reject_reason && (
              <Row label="Reason for rejecting" testId="endorsement-reject-reason">
                {e.reject_reason}
              </Row>
            )}
            {e.endorsed_at && (
              <Row label="Endorsed on" testId="endorsement-endorsed-at">
                {whenText(e.endorsed_at)}
              </Row>
            )}
          </>
        )}
      </dl>
    </Paper>
  );
}
