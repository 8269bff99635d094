import { Alert, AlertTitle, Stack } from "@mui/material";
import type { OutlierFlag } from "~/features/calibration/rules";

const signed = (n: number) => (n > 0 ? `+${n.toFixed(2)}` : n.toFixed(2));

/** The outlier flags of the session: managers and departments whose mean proposed rating stands out (ADR 0026). */
export function OutlierAlerts({ outliers }: { outliers: OutlierFlag[] }) {
  if (outliers.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="outliers">
      {outliers.map((o) => (
        <Alert key={`${o.kind}:${o.key}`} severity="warning" data-testid={`outlier-${o.kind}-${o.key}`}>
          <AlertTitle>
            {o.kind === "manager" ? "Manager" : "Department"} {o.label}: ratings {o.direction === "high" ? "higher" : "lower"} than expected
          </AlertTitle>
          Mean proposed rating {o.mean.toFixed(2)} over {o.people} people: {signed(o.gap_to_guideline)} against the guideline, {signed(o.gap_to_company)} against the
          company.
        </Alert>
      ))}
    </Stack>
  );
}
