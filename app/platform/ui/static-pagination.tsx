import { Link as RemixLink } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { cx } from "~/platform/ui/static";
import { controls, StaticIcon } from "~/platform/ui/static-controls";
import css from "~/platform/ui/static-pagination.module.css";

/** Material Design icons' chevrons (@mui/icons-material, Apache-2.0). */
const CHEVRON_LEFT = "M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z";
const CHEVRON_RIGHT = "M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z";

/**
 * A server-paged list's pagination as MUI's TablePagination draws it (rows per page, "1–25 of 120", previous and
 * next), in static markup (issue 27): the pages are links (they work before hydration and without JavaScript, and
 * keep the scroll position); the page size is a native select whose change the caller turns into an address.
 */
export function StaticPagination({
  total,
  page,
  pageSize,
  sizes,
  hrefOf,
  onPageSize,
  className,
  testIds = {},
}: {
  total: number;
  /** 1-based, as the address says it. */
  page: number;
  pageSize: number;
  sizes: number[];
  hrefOf: (page: number) => string;
  onPageSize: (size: number) => void;
  className?: string;
  testIds?: { root?: string; range?: string; previous?: string; next?: string };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const last = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), last);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  const step = (target: number, label: string, icon: string, testId: string | undefined) =>
    target < 1 || target > last ? (
      <button type="button" className={cx(controls.iconButton, css.iconDisabled)} aria-label={label} disabled data-testid={testId}>
        <StaticIcon d={icon} />
      </button>
    ) : (
      <RemixLink className={controls.iconButton} to={hrefOf(target)} aria-label={label} title={label} data-testid={testId} preventScrollReset>
        <StaticIcon d={icon} />
      </RemixLink>
    );
  return (
    <div className={cx(css.pagination, className)} data-testid={testIds.root}>
      <span className={css.pageSize}>
        <label htmlFor={id}>{t("pagination.rowsPerPage")}</label>
        <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {format.number(size)}
            </option>
          ))}
        </select>
      </span>
      <span data-testid={testIds.range}>{t("pagination.range", { from: format.number(from), to: format.number(to), total: format.number(total) })}</span>
      <span className={css.pageButtons}>
        {step(current - 1, t("pagination.previous"), CHEVRON_LEFT, testIds.previous)}
        {step(current + 1, t("pagination.next"), CHEVRON_RIGHT, testIds.next)}
      </span>
    </div>
  );
}
