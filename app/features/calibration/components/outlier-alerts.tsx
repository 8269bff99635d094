import type { OutlierFlag } from "~/features/calibration/rules";
import css from "~/features/calibration/components/meeting.module.css";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import { OUTLIER_KEYS } from "~/features/calibration/meeting-keys";

/** Two decimals in the reader's language; `signed`: a plus sign on a gap above zero. */
const TWO = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
const SIGNED = { ...TWO, signDisplay: "exceptZero" } as const;

/** MUI's ReportProblemOutlined (the warning Alert's icon), drawn once and used by every flag. */
const ICON_ID = "outlier-warning-icon";
const WARNING_ICON = "M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z";

/**
 * The outlier flags of the session: managers and departments whose mean proposed rating stands out (ADR 0026).
 * The look of MUI's standard warning Alert, styled once for the whole list (meeting.module.css): a large session
 * has dozens of flags.
 */
export function OutlierAlerts({ outliers }: { outliers: OutlierFlag[] }) {
  const { t, number } = useMeetingText();
  if (outliers.length === 0) return null;
  return (
    <div className={css.flags} data-testid="outliers">
      <svg className="of-defs" aria-hidden="true" focusable="false">
        <symbol id={ICON_ID} viewBox="0 0 24 24">
          <path d={WARNING_ICON} />
        </symbol>
      </svg>
      {outliers.map((o) => (
        <div key={`${o.kind}:${o.key}`} className="of-flag" role="alert" data-testid={`outlier-${o.kind}-${o.key}`}>
          <div className="of-icon">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <use href={`#${ICON_ID}`} />
            </svg>
          </div>
          <div className="of-message">
            <div className="of-title">
              {t(OUTLIER_KEYS[o.kind][o.direction], { label: o.label })}
            </div>
            {t("calibrationMeeting.outlier.detail", {
              mean: number(o.mean, TWO),
              people: o.people,
              guideline: number(o.gap_to_guideline, SIGNED),
              company: number(o.gap_to_company, SIGNED),
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
