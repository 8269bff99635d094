import { Link as RemixLink } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { cx } from "~/platform/ui/static";
import { controls, StaticIcon } from "~/platform/ui/static-controls";
import css from "~/features/participants/components/participants.module.css";
import { PARTICIPANT_ICONS } from "~/features/participants/components/participants-table";

/**
 * The participant list's pagination as MUI's TablePagination draws it (rows per page, "1–25 of 120", previous and
 * next), in static markup (issue 27): the pages are links (they work before hydration and without JavaScript); the
 * page size is a native select that changes the address.
 */
export function ParticipantsPagination({
  total,
  page,
  pageSize,
  sizes,
  hrefOf,
  onPageSize,
  "data-testid": testId,
}: {
  total: number;
  /** 1-based, as the address says it. */
  page: number;
  pageSize: number;
  sizes: number[];
  hrefOf: (page: number) => string;
  onPageSize: (size: number) => void;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const last = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), last);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  const step = (target: number, label: string, icon: string) =>
    target < 1 || target > last ? (
      <button type="button" className={cx(controls.iconButton, css.iconDisabled)} aria-label={label} disabled>
        <StaticIcon d={icon} />
      </button>
    ) : (
      <RemixLink className={controls.iconButton} to={hrefOf(target)} aria-label={label} title={label}>
        <StaticIcon d={icon} />
      </RemixLink>
    );
  return (
    <div className={css.pagination} data-testid={testId}>
      <span className={css.pageSize}>
        <label htmlFor={id}>{t("participants.pagination.rowsPerPage")}</label>
        <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {format.number(size)}
            </option>
          ))}
        </select>
      </span>
      <span>{t("participants.pagination.range", { from: format.number(from), to: format.number(to), total: format.number(total) })}</span>
      <span className={css.pageButtons}>
        {step(current - 1, t("participants.pagination.previous"), PARTICIPANT_ICONS.chevronLeft)}
        {step(current + 1, t("participants.pagination.next"), PARTICIPANT_ICONS.chevronRight)}
      </span>
    </div>
  );
}
