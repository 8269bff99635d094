import { useTranslation } from "react-i18next";
import { Link, Stack, TableCell, TableRow } from "~/platform/ui/static";
import { useFormat } from "~/platform/i18n/reader-context";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { StackedTable } from "~/platform/ui/stacked-table";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SessionStateChip, peopleText } from "~/features/calibration/components/session-setup-parts";
import type { PromotionSessionJson } from "~/features/promotions/types";

/**
 * The promotion panelist's and sign-off party's lists of their promotion calibration sessions in the cycle of
 * ?cycle_id= (with the cycle switcher), and the paths of their pages.
 */

export type PromotionPageRole = "panelist" | "sign_off";

/** Each list's path and heading (`title`, the spec's English; `titleKey`, the same as a translation key for pages). */
export const PROMOTION_PAGES: Record<PromotionPageRole, { list: string; title: string; titleKey: TranslationKey }> = {
  panelist: {
    list: "/app/promotions/calibration-panelist/sessions",
    title: "Review Promotion Calibration Session",
    titleKey: "promotions.sessionList.panelistTitle",
  },
  sign_off: {
    list: "/app/promotions/sign-off-party/sessions",
    title: "Sign-off Promotion Calibration Session",
    titleKey: "promotions.sessionList.signOffTitle",
  },
};

export const promotionPaths = {
  list: (role: PromotionPageRole, cycleId: number) => `${PROMOTION_PAGES[role].list}?cycle_id=${cycleId}`,
  /** A session page; with `nominationId`, that nomination open (its comment thread, for panelists its feedback summary). */
  session: (role: PromotionPageRole, sessionId: number, cycleId: number, nominationId?: number | null) =>
    `${PROMOTION_PAGES[role].list}/${sessionId}?cycle_id=${cycleId}${nominationId ? `&nomination=${nominationId}` : ""}`,
  /** The live-update stream of the session's version (app/routes/app.calibration-sessions.$sessionId.events.ts). */
  events: (role: PromotionPageRole, sessionId: number, cycleId: number) =>
    `/app/calibration-sessions/${sessionId}/events?cycle_id=${cycleId}&role=${role}&kind=promotion`,
};

export type PromotionListPageData = {
  role: PromotionPageRole;
  cycles: Array<{ id: number; name: string }>;
} & ({ kind: "selected"; cycleId: number; sessions: PromotionSessionJson[] } | { kind: "none" | "invalid"; message: string });

export function PromotionSessionListPage({ data }: { data: PromotionListPageData }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack spacing={3} style={{ maxWidth: 1200 }}>
      <CyclePageHeader title={t(PROMOTION_PAGES[data.role].titleKey)} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        // The loader's reason, said from its kind ("Invalid Cycle ID" / not in any session yet).
        <CycleMessage kind={data.kind} message={t(data.kind === "invalid" ? "promotions.invalidCycle" : "promotions.sessionList.none")} />
      ) : (
        <StackedTable
          testId="promotion-sessions"
          ariaLabel={t("promotions.sessionList.tableLabel")}
          empty={data.sessions.length === 0}
          emptyText={t("promotions.sessionList.empty")}
          emptyTestId="promotion-sessions-empty"
          head={
            <>
              <TableCell>{t("promotions.sessionList.session")}</TableCell>
              <TableCell>{t("promotions.sessionList.state")}</TableCell>
              <TableCell>{t("promotions.sessionList.deadline")}</TableCell>
              <TableCell align="right">{t("promotions.sessionList.nominations")}</TableCell>
              <TableCell align="right">{t("promotions.sessionList.decided")}</TableCell>
              <TableCell>{t("promotions.sessionList.sessionAdmin")}</TableCell>
            </>
          }
        >
          {data.sessions.map((s) => (
            <TableRow key={s.id} data-testid={`promotion-session-row-${s.id}`}>
              <TableCell component="th" scope="row">
                <Link to={promotionPaths.session(data.role, s.id, data.cycleId)} data-testid={`promotion-session-link-${s.id}`}>
                  {s.name}
                </Link>
              </TableCell>
              <TableCell data-label={t("promotions.sessionList.state")}>
                <SessionStateChip state={s.state} testId={`promotion-session-state-${s.id}`} />
              </TableCell>
              <TableCell data-label={t("promotions.sessionList.deadline")}>{s.deadline ? format.dateTime(s.deadline) : t("promotions.noDeadline")}</TableCell>
              <TableCell align="right" data-label={t("promotions.sessionList.nominations")}>
                {format.number(s.nomination_count)}
              </TableCell>
              <TableCell align="right" data-label={t("promotions.sessionList.decided")}>
                {format.number(s.decided_count)}
              </TableCell>
              <TableCell data-label={t("promotions.sessionList.sessionAdmin")}>{peopleText([s.session_admin])}</TableCell>
            </TableRow>
          ))}
        </StackedTable>
      )}
    </Stack>
  );
}
