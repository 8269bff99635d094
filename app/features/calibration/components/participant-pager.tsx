import { useLocation } from "@remix-run/react";
import { ButtonLink, Stack, Typography } from "~/platform/ui/static";
import type { ParticipantPage } from "~/features/calibration/meeting-page-types";
import { pageHref } from "~/features/calibration/participant-page";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";

/**
 * The participants' pages of a session page (ADR 0067, ADR 0091): plain links to ?page=N (the other parameters
 * kept), so they work before the page is hydrated; shown only when the session has more than one page.
 */
export function ParticipantPager({ pager }: { pager: ParticipantPage }) {
  const { pathname, search } = useLocation();
  const { t } = useMeetingText();
  if (pager.pages <= 1) return null;
  const first = (pager.page - 1) * pager.page_size + 1;
  const last = Math.min(pager.total, pager.page * pager.page_size);
  return (
    <Stack component="nav" direction="row" spacing={2} alignItems="center" flexWrap aria-label={t("calibrationMeeting.pager.label")} data-testid="participants-pager">
      <Typography variant="body2" data-testid="participants-pager-range">{t("calibrationMeeting.pager.range", { page: pager.page, pages: pager.pages, first, last, total: pager.total })}</Typography>
      {pager.page > 1 && (
        <ButtonLink to={pageHref(pathname, search, pager.page - 1)} variant="outlined" size="small" data-testid="participants-page-prev">
          {t("calibrationMeeting.pager.previous")}
        </ButtonLink>
      )}
      {pager.page < pager.pages && (
        <ButtonLink to={pageHref(pathname, search, pager.page + 1)} variant="outlined" size="small" data-testid="participants-page-next">
          {t("calibrationMeeting.pager.next")}
        </ButtonLink>
      )}
    </Stack>
  );
}
