import { useMemo, useState, type ReactNode } from "react";
import { Link as RemixLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { HistoryPage, MeetingChangeJson } from "~/features/calibration/meeting-page-types";
import { HISTORY_PAGE, withParam } from "~/features/calibration/participant-page";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { PlainTable } from "~/platform/ui/plain-table";
import stacked from "~/platform/ui/stacked-table.module.css";
import { Button, Typography, buttonClass } from "~/platform/ui/static";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The rating change history (newest first): who changed which value of whom, when and why. The old value is
 * struck through; a change a later one replaced is struck through whole and marked "superseded".
 *
 * A long meeting has hundreds of changes: the session pages ship the latest `HISTORY_PAGE` and the rest a page at a
 * time on "Show more" (ADR 0091), and the table is plain markup styled once by its container (the look of MUI's small
 * outlined table) instead of an MUI TableRow/TableCell per row.
 */

type Words = ReturnType<typeof useMeetingText>;

function valueText(m: Words, field: MeetingChangeJson["field"], v: number | null): string {
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

/** The history's words, translated once per table rather than once per row (issue 27). */
function historyWords(m: Words) {
  const { t } = m;
  return {
    m,
    participant: t("calibrationMeeting.history.participant"),
    change: t("calibrationMeeting.history.change"),
    potential: t("calibrationMeeting.history.potential"),
    rating: t("calibrationMeeting.history.rating"),
    by: t("calibrationMeeting.history.by"),
    reason: t("calibrationMeeting.history.reason"),
    none: t("calibrationMeeting.none"),
    superseded: t("calibrationMeeting.history.superseded"),
  };
}

function HistoryRow({ c, showParticipant, w }: { c: MeetingChangeJson; showParticipant: boolean; w: ReturnType<typeof historyWords> }) {
  const { m } = w;
  const oldText = valueText(m, c.field, c.old_value);
  const newText = valueText(m, c.field, c.new_value);
  return (
    <tr data-testid={`history-row-${c.id}`} data-superseded={c.superseded ? "true" : "false"}>
      <td className="nowrap">{m.when(c.created_at)}</td>
      {showParticipant && <td data-label={w.participant}>{c.participant.name}</td>}
      <td data-label={w.change} data-testid={`history-change-${c.id}`}>
        <span className="note block">{c.field === "potential" ? w.potential : w.rating}</span>
        {/* ChangeValues' markup, its word translated once for the table. */}
        <del data-testid={`history-old-${c.id}`}>{oldText}</del> →{" "}
        {c.superseded ? (
          <>
            <del data-testid={`history-new-${c.id}`}>{newText}</del> <span className="note">{w.superseded}</span>
          </>
        ) : (
          <ins data-testid={`history-new-${c.id}`}>{newText}</ins>
        )}
      </td>
      <td data-label={w.by}>{c.changed_by?.name ?? w.none}</td>
      <td data-label={w.reason} className="pre-wrap">
        {c.reason}
      </td>
    </tr>
  );
}

/** "Show more" / "Show the latest 50": links that keep the other parameters and the scroll position (no JS needed). */
function HistoryLink({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <RemixLink to={to} preventScrollReset replace className={buttonClass({ size: "small" })} data-testid={testId}>
      {children}
    </RemixLink>
  );
}

/**
 * The history of a session page comes in pages from the server (`paging`, ?history=N, ADR 0091): the latest N pages,
 * "Show more" asks for one more page, "Show the latest 50" for the first again. Without `paging` (a participant's own
 * history, whole), the latest HISTORY_PAGE are shown and "Show all" shows the rest.
 */
export function RatingHistory({ history, showParticipant = true, paging }: { history: MeetingChangeJson[]; showParticipant?: boolean; paging?: HistoryPage }) {
  const [showAll, setShowAll] = useState(false);
  const { pathname, search } = useLocation();
  const m = useMeetingText();
  const { t } = m;
  const w = useMemo(() => historyWords(m), [m]);
  const total = paging?.total ?? history.length;
  const more = total > HISTORY_PAGE;
  const shown = paging || showAll || !more ? history : history.slice(0, HISTORY_PAGE);
  const everyone = shown.length >= total;
  return (
    <MeetingSection id="history" title={t("calibrationMeeting.history.title")} testId="history">
      {history.length === 0 ? (
        <Typography color="text.secondary" data-testid="history-empty">
          {t("calibrationMeeting.history.empty")}
        </Typography>
      ) : (
        <ChangeTable ariaLabel={t("calibrationMeeting.history.title")} testId="history-table" participantColumn={showParticipant}>
          {shown.map((c) => (
            <HistoryRow key={c.id} c={c} showParticipant={showParticipant} w={w} />
          ))}
        </ChangeTable>
      )}
      {more && (
        <Typography variant="body2" color="text.secondary" component="div" className={css.historyCount} data-testid="history-count">
          {everyone ? t("calibrationMeeting.history.all", { count: total }) : t("calibrationMeeting.history.latest", { shown: shown.length, count: total })}
          {paging ? (
            everyone ? (
              <HistoryLink to={withParam(pathname, search, "history", null)} testId="history-show-all">
                {t("calibrationMeeting.history.showLatest", { count: HISTORY_PAGE })}
              </HistoryLink>
            ) : (
              <HistoryLink to={withParam(pathname, search, "history", paging.pages + 1)} testId="history-show-all">
                {t("calibrationMeeting.history.showMore", { count: Math.min(HISTORY_PAGE, total - shown.length) })}
              </HistoryLink>
            )
          ) : (
            <Button size="small" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} data-testid="history-show-all">
              {showAll ? t("calibrationMeeting.history.showLatest", { count: HISTORY_PAGE }) : t("calibrationMeeting.history.showAll", { count: total })}
            </Button>
          )}
        </Typography>
      )}
    </MeetingSection>
  );
}
