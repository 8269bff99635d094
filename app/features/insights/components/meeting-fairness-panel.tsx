import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Paper, Typography } from "~/platform/ui/static";
import { StaticTabs } from "~/platform/ui/static-tabs";
import { FigurePanel, FigureTable } from "~/features/insights/components/figure-panel";
import { SessionInsightsLink } from "~/features/insights/components/session-insights-link";
import { attributeName, gapText, valueName } from "~/features/insights/group-names";
import { meetingFairnessPath, shownFigure, type AttributedGap, type GapSession, type MeetingFairness, type MeetingKind } from "~/features/insights/meeting-fairness";
import type { InsightFigure } from "~/features/insights/insight-json";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import css from "~/features/insights/components/insights-page.module.css";

/**
 * The calibration meeting's live fairness panel (issue 29 §4, ADR 0114; promotion sessions ADR 0120), on the session
 * admin's and the sign-off party's pages (never a panelist's): the session's ratings per group of one attribute —
 * before and after calibration, the shift, each gap in words with its p-value — or, in a promotion session, its
 * nomination, endorsement, panel vote and decision rates per group, as the insights service published them under the
 * privacy floor (the insight pages' own figure, FigurePanel), the significant gaps after calibration (ratings after
 * it, promotion decisions) that make closing ask for a reason,
 * and the session's insight page where the reader may open it. Its data comes from the session's resource route
 * (GET /app/calibration-sessions/{id}/fairness), read once the page is hydrated and again at every version of the
 * session the page's loader brings (the live stream revalidates it when a rating moves), so the meeting pages' first
 * screen keeps its few reads. Static markup and CSS.
 */

/** The panel's and the close dialog's words per kind of session (the rest is the insight pages' own). */
const TEXT: Record<MeetingKind, Record<"title" | "intro" | "significant" | "noAttributes" | "shiftTitle" | "reasonHelp", TranslationKey>> = {
  rating: {
    title: "meetingFairness.title",
    intro: "meetingFairness.intro",
    significant: "meetingFairness.significant",
    noAttributes: "meetingFairness.noAttributes",
    shiftTitle: "meetingFairness.shiftTitle",
    reasonHelp: "meetingFairness.reasonHelp",
  },
  promotion: {
    title: "meetingFairness.promotion.title",
    intro: "meetingFairness.promotion.intro",
    significant: "meetingFairness.promotion.significant",
    noAttributes: "meetingFairness.promotion.noAttributes",
    shiftTitle: "meetingFairness.promotion.shiftTitle",
    reasonHelp: "meetingFairness.promotion.reasonHelp",
  },
};

/** The close dialog's comment: the required reason while a gap after calibration is significant, else `otherwise`. */
export function closeComment(
  t: (key: TranslationKey) => string,
  kind: MeetingKind,
  state: MeetingFairnessState,
  otherwise: { label: string; required: boolean },
): { label: string; required: boolean; helperText?: string } {
  if (!state.fairness?.significant_after.length) return otherwise;
  return { label: t("meetingFairness.reasonLabel"), required: true, helperText: t(TEXT[kind].reasonHelp) };
}

export type MeetingFairnessState = {
  fairness: MeetingFairness | null;
  /** The attribute whose figure is shown (the panel's tabs, and the sign-off dialog's table). */
  figure: InsightFigure | null;
  choose: (attributeId: number) => void;
};

/**
 * The session's fairness, read again whenever the page's `version` of the session moves, and only then: a plain
 * fetch, not a Remix fetcher, which every revalidation of the page (each action, each live update) would read again
 * too, and whose read aborted while its answer streams in Remix logs as a console error. A read that a newer version
 * or leaving the page aborts ends quietly; a refusal (the JSON error) leaves what the panel shows.
 */
export function useMeetingFairness(sessionId: number, version: number): MeetingFairnessState {
  const [fairness, setFairness] = useState<MeetingFairness | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    const reading = new AbortController();
    fetch(`${meetingFairnessPath(sessionId)}?version=${version}`, { signal: reading.signal, headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<MeetingFairness>) : null))
      .then((data) => {
        if (data && !reading.signal.aborted) setFairness(data);
      })
      .catch(() => {
        // Aborted, or the network is gone: the next version reads again.
      });
    return () => reading.abort();
  }, [sessionId, version]);
  return { fairness, figure: fairness ? shownFigure(fairness, chosen) : null, choose: setChosen };
}

/** The significant gaps after calibration, each with its attribute (data) and its words. */
export function SignificantGaps({ gaps, testId, kind = "rating" }: { gaps: readonly AttributedGap[]; testId: string; kind?: MeetingKind }) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  return (
    <Alert severity="warning" role="note" data-testid={testId}>
      <Typography variant="body2" fontWeight="bold">
        {t(TEXT[kind].significant, { count: gaps.length })}
      </Typography>
      <ul className={css.gaps}>
        {gaps.map((g) => (
          <li key={`${g.attribute.id}-${g.group ?? ""}`} data-testid={`${testId}-gap`}>
            <strong>{attributeName(t, g.attribute)}</strong> {gapText(t, g.words)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

export function MeetingFairnessPanel({ state, kind = "rating" }: { state: MeetingFairnessState; kind?: MeetingKind }) {
  const { t } = useTranslation();
  const { fairness, figure, choose } = state;
  const text = TEXT[kind];
  return (
    <section aria-labelledby="fairness-heading" data-testid="meeting-fairness" className={css.figure}>
      <Typography variant="h6" component="h2" id="fairness-heading">
        {t(text.title)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(text.intro)}
        {fairness && ` ${t("insightsPages.population", { count: fairness.population })} ${t("insightsPages.floorNotice", { floor: fairness.privacy_floor })}`}
      </Typography>
      {!fairness ? (
        <Typography variant="body2" color="text.secondary" data-testid="fairness-loading">
          {t("meetingFairness.loading")}
        </Typography>
      ) : (
        <>
          <SignificantGaps gaps={fairness.significant_after} testId="fairness-significant" kind={kind} />
          {!figure ? (
            <Paper variant="outlined" className={css.hidden}>
              <Typography color="text.secondary" data-testid="fairness-none">
                {t(text.noAttributes)}
              </Typography>
            </Paper>
          ) : (
            <>
              <StaticTabs
                label={t("insightsPages.breakdown")}
                value={String(figure.attribute.id)}
                onChange={(v) => choose(Number(v))}
                items={fairness.attributes.map((a) => ({ value: String(a.id), label: attributeName(t, a), testId: `fairness-by-${a.id}` }))}
              />
              <FigurePanel figure={figure} floor={fairness.privacy_floor} />
            </>
          )}
          {fairness.insight_page && <SessionInsightsLink sessionId={fairness.session_id} testId="fairness-insights-link" />}
        </>
      )}
    </section>
  );
}

/**
 * The sign-off dialog's reading of the panel: the shown attribute's groups before and after calibration, and the shift
 * (a promotion session: each group's nomination, endorsement, panel vote and decision rates).
 */
export function FairnessShift({ state, kind = "rating" }: { state: MeetingFairnessState; kind?: MeetingKind }) {
  const { t } = useTranslation();
  const figure = state.figure;
  if (!figure?.shown || !figure.total) return null;
  const title = t(TEXT[kind].shiftTitle, { attribute: attributeName(t, figure.attribute) });
  return (
    <div className={css.figure} data-testid="close-shift">
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <FigureTable figure={figure} id="close-shift" title={title} />
    </div>
  );
}

/**
 * The super admin's forced close (ADR 0120): the sessions to close that have a significant gap after calibration, as
 * the close's 422 listed them (each with the attributes and groups of its gaps), and why a reason is now required.
 */
export function ForcedCloseGaps({ sessions, testId }: { sessions: readonly GapSession[]; testId: string }) {
  const { t } = useTranslation();
  if (sessions.length === 0) return null;
  const gapsText = (s: GapSession) =>
    s.significant_gaps.map((g) => `${g.attribute}: ${g.group === null ? t("insightsPages.notSet") : valueName(t, g.group)}`).join(", ");
  return (
    <Alert severity="warning" role="note" data-testid={testId}>
      <Typography variant="body2" fontWeight="bold">
        {t("meetingFairness.forced.reasonRequired", { count: sessions.length })}
      </Typography>
      <ul className={css.gaps}>
        {sessions.map((s) => (
          <li key={s.session_id} data-testid={`${testId}-session-${s.session_id}`}>
            {t("meetingFairness.forced.sessionGaps", { name: s.name, gaps: gapsText(s) })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
