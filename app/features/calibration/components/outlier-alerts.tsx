import type { OutlierFlag } from "~/features/calibration/rules";
import css from "~/features/calibration/components/meeting.module.css";

const signed = (n: number) => (n > 0 ? `+${n.toFixed(2)}` : n.toFixed(2));

/** MUI's ReportProblemOutlined (the warning Alert's icon), drawn once and used by every flag. */
const ICON_ID = "outlier-warning-icon";
const WARNING_ICON = "M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z";

/**
 * The outlier flags of the session: managers and departments whose mean proposed rating stands out (ADR 0026).
 * The look of MUI's standard warning Alert, styled once for the whole list (meeting.module.css): a large session
 * has dozens of flags.
 */
export function OutlierAlerts({ outliers }: { outliers: OutlierFlag[] }) {
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
              {`${o.kind === "manager" ? "Manager" : "Department"} ${o.label}: ratings ${o.direction === "high" ? "higher" : "lower"} than expected`}
            </div>
            {`Mean proposed rating ${o.mean.toFixed(2)} over ${o.people} people: ${signed(o.gap_to_guideline)} against the guideline, ${signed(o.gap_to_company)} against the company.`}
          </div>
        </div>
      ))}
    </div>
  );
}
