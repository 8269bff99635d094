import { useTranslation } from "react-i18next";
import { Link } from "~/platform/ui/static";

/** The address of a calibration or promotion session's fairness insight page (ADR 0112). */
export const sessionInsightsHref = (sessionId: number) => `/app/insights/sessions/${sessionId}`;

/**
 * "Fairness Insights of this session": the link from a session list or page to the session's insight page, shown only
 * where the loader found the insights rule lets the reader open it (links.server.ts; ADR 0117).
 */
export function SessionInsightsLink({ sessionId, testId }: { sessionId: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={sessionInsightsHref(sessionId)} data-testid={testId}>
      {t("insightsPages.sessionLink")}
    </Link>
  );
}
