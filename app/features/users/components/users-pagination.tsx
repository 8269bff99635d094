import { Link as RemixLink, useNavigate } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { cx } from "~/platform/ui/static";
import { controls, StaticIcon } from "~/platform/ui/static-controls";
import { USER_ICONS } from "~/features/users/components/user-icons";
import css from "~/features/users/components/users.module.css";

/**
 * The user list's pagination as MUI's TablePagination draws it (rows per page, "1–25 of 120", previous and next), in
 * static markup (issue 27): the pages are links (they work before hydration and without JavaScript); the page size is
 * a native select that changes the address (page 1 of the new size).
 */
export function UsersPagination({ total, page, pageSize, sizes, hrefOf }: { total: number; page: number; pageSize: number; sizes: number[]; hrefOf: (page: number, pageSize?: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const id = useId();
  const last = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const step = (target: number, label: string, icon: string, testId: string) =>
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
    <div className={css.pagination} data-testid="users-pagination">
      <span className={css.pageSize}>
        <label htmlFor={id}>{t("users.pagination.rowsPerPage")}</label>
        <select id={id} value={pageSize} onChange={(e) => navigate(hrefOf(1, Number(e.target.value)), { preventScrollReset: true })}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {format.number(size)}
            </option>
          ))}
        </select>
      </span>
      <span data-testid="users-range">{t("users.pagination.range", { from: format.number(from), to: format.number(to), total: format.number(total) })}</span>
      <span className={css.pageButtons}>
        {step(Math.min(page, last + 1) - 1, t("users.pagination.previous"), USER_ICONS.chevronLeft, "users-page-previous")}
        {step(page + 1, t("users.pagination.next"), USER_ICONS.chevronRight, "users-page-next")}
      </span>
    </div>
  );
}
