import { useTranslation } from "react-i18next";
import { Alert, Typography } from "~/platform/ui/static";
import css from "~/features/cycles/components/cycle-page-header.module.css";
import { CycleSwitcher } from "~/features/cycles/components/cycle-switcher";

/** The top of a page about the cycle chosen with ?cycle_id=: its heading row, and why no cycle is shown. */

/** The page's `title` (h1) and, when there are cycles, the cycle switcher (`selectedId` null: none selected). */
export function CyclePageHeader({ title, cycles, selectedId }: { title: string; cycles: Array<{ id: number; name: string }>; selectedId: number | null }) {
  return (
    <div className={css.head}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {cycles.length > 0 && <CycleSwitcher cycles={cycles} selectedId={selectedId} />}
    </div>
  );
}

/**
 * Why no cycle is shown (data-testid cycle-message): an invalid ?cycle_id= (error) or no cycle at all (info), in the
 * reader's language by its kind ('Invalid Cycle ID', 'No cycles present'), unless the page gives its own `message`.
 */
export function CycleMessage({ kind, message }: { kind: "none" | "invalid"; message?: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity={kind === "invalid" ? "error" : "info"} data-testid="cycle-message">
      {message ?? t(kind === "invalid" ? "errors.invalidCycle" : "errors.noCycles")}
    </Alert>
  );
}
