import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RatingChangeJson } from "~/features/calibration/types";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { PlainTable } from "~/platform/ui/plain-table";
import stacked from "~/platform/ui/stacked-table.module.css";
import { Button, Typography } from "~/platform/ui/static";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The rating change history (newest first): who changed which value of whom, when and why. The old value is
 * struck through; a change a later one replaced is struck through whole and marked "superseded".
 *
 * A long meeting has hundreds of changes: the latest `HISTORY_PAGE` are shown, the rest after "Show all"
 * (so the server never renders them), and the table is plain markup styled once by its container (the look
 * of MUI's small outlined table) instead of an MUI TableRow/TableCell per row.
 */

export const HISTORY_PAGE = 50;

type Words = ReturnType<typeof useMeetingText>;

function valueText(m: Words, field: RatingChangeJson["field"], v: number | null): string {
  return field === "potential" ? m.potential(v) : m.rating(v);
}

/**
 * A change's values: the old one struck through → the new one (struck through too and marked "(superseded)" when
 * a later change replaced it). Shared with the promotion decision history; `testIds` name the old and new value.
 */
export function ChangeValues({ oldText, newText, superseded, testIds }: { oldText: string; newText: string; superseded: boolean; testIds?: { old: string; new: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <del data-testid={testIds?.old}>{oldText}</del> →{" "}
      {superseded ? (
        <>
          <del data-testid={testIds?.new}>{newText}</del> <span className="note">{t("calibrationMeeting.history.superseded")}</span>
        </>
      ) : (
        <ins data-testid={testIds?.new}>{newText}</ins>
      )}
    </>
  );
}

/** A change history table: When, (Participant,) Change, By, Reason; `children` are its rows. */
export function ChangeTable({ ariaLabel, testId, participantColumn = false, children }: { ariaLabel: string; testId: string; participantColumn?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PlainTable>
      {/* Stacked rows on a phone, each value under its column's name (issue 27, ADR 0068). */}
      <table aria-label={ariaLabel} data-testid={testId} className={stacked.sm}>
        <thead>
          <tr>
            <th scope="col">{t("calibrationMeeting.history.when")}</th>
            {participantColumn && <th scope="col">{t("calibrationMeeting.history.participant")}</th>}
            <th scope="col">{t("calibrationMeeting.history.change")}</th>
            <th scope="col">{t("calibrationMeeting.history.by")}</th>
            <th scope="col">{t("calibrationMeeting.history.reason")}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </PlainTable>
  );
}

function HistoryRow({ c, showParticipant, m }: { c: RatingChangeJson; showParticipant: boolean; m: Words }) {
  const { t } = m;
  return (
    <tr data-testid={`history-row-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
      <td className="nowrap">{m.when(c.created_at)}</td>
      {showParticipant && <td data-label={t("calibrationMeeting.history.participant")}>{c.participant.name}</td>}
      <td data-label={t("calibrationMeeting.history.change")} data-testid={`history-change-${c.id}`}>
        <span className="note block">{c.field === "potential" ? t("calibrationMeeting.history.potential") : t("calibrationMeeting.history.rating")}</span>
        <ChangeValues
          oldText={valueText(m, c.field, c.old_value)}
          newText={valueText(m, c.field, c.new_value)}
          superseded={c.superseded}
          testIds={{ old: `history-old-${c.id}`, new: `history-new-${c.id}` }}
        />
      </td>
      <td data-label={t("calibrationMeeting.history.by")}>{c.changed_by?.name ?? t("calibrationMeeting.none")}</td>
      <td data-label={t("calibrationMeeting.history.reason")} className="pre-wrap">
        {c.reason}
      </td>
    </tr>
  );
}

export function RatingHistory({ history, showParticipant = true }: { history: RatingChangeJson[]; showParticipant?: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const m = useMeetingText();
  const { t } = m;
  const more = history.length > HISTORY_PAGE;
  const shown = showAll || !more ? history : history.slice(0, HISTORY_PAGE);
  return (
    <MeetingSection id="history" title={t("calibrationMeeting.history.title")} testId="history">
      {history.length === 0 ? (
        <Typography color="text.secondary" data-testid="history-empty">
          {t("calibrationMeeting.history.empty")}
        </Typography>
      ) : (
        <ChangeTable ariaLabel={t("calibrationMeeting.history.title")} testId="history-table" participantColumn={showParticipant}>
          {shown.map((c) => (
            <HistoryRow key={c.id} c={c} showParticipant={showParticipant} m={m} />
          ))}
        </ChangeTable>
      )}
      {more && (
        <Typography variant="body2" color="text.secondary" component="div" className={css.historyCount} data-testid="history-count">
          {showAll ? t("calibrationMeeting.history.all", { count: history.length }) : t("calibrationMeeting.history.latest", { shown: HISTORY_PAGE, count: history.length })}
          <Button size="small" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} data-testid="history-show-all">
            {showAll ? t("calibrationMeeting.history.showLatest", { count: HISTORY_PAGE }) : t("calibrationMeeting.history.showAll", { count: history.length })}
          </Button>
        </Typography>
      )}
    </MeetingSection>
  );
}
