import { Form, useActionData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { Alert, Avatar, Button, ButtonLink, Chip, Link, Stack, TableCell, TableRow, Typography, cx } from "~/platform/ui/static";
import { StackedTable } from "~/platform/ui/stacked-table";
import { ClientTooltip, StaticIcon } from "~/platform/ui/static-controls";
import { roleKey } from "~/features/users/roles";
import { spoofBlockedReason, USER_PAGE_SIZE_DEFAULT, USER_PAGE_SIZES, type UserStatusFilter } from "~/features/users/rules";
import { UsersFilters } from "~/features/users/components/users-filters";
import { StaticPagination } from "~/platform/ui/static-pagination";
import { USER_ICONS } from "~/features/users/components/user-icons";
import css from "~/features/users/components/users.module.css";

/**
 * Super Admin > Users (/app/admin/users): the directory as a static table (issue 27: no style work on the server),
 * filtered, sorted and paged by the server from the address (`q`, `role[]`, `status`, `sort`, `page`, `page_size`;
 * links and a GET form, so it works without JavaScript); stacked rows on a phone (ADR 0068). Each row: the person
 * (avatar, link to their page, "Inactive"), role, email and Spoof (disabled with its reason for oneself, a super
 * admin or an inactive user).
 */

export type UserListRow = { id: number; name: string; email: string; role: string; profile_image_url: string | null; active: boolean };
export type UsersListView = {
  users: UserListRow[];
  total: number;
  page: number;
  page_size: number;
  selfId: number;
  q: string;
  roles: string[];
  status: UserStatusFilter;
  sort: string | null;
};
type SortColumn = "name" | "email" | "role";

export function UsersListPage({ data }: { data: UsersListView }) {
  const { users, total, page, page_size, selfId, q, roles, status, sort } = data;
  const result = useActionData<{ ok: false; error: PageMessage }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const roleName = (role: string) => {
    const key = roleKey(role);
    return key ? t(key) : role;
  };

  /** The address of this list with other parameters (null deletes one). */
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  const pageHref = (target: number, size?: number) =>
    hrefWith({ page: target > 1 ? String(target) : null, ...(size !== undefined ? { page_size: size === USER_PAGE_SIZE_DEFAULT ? null : String(size) } : {}) });
  const sortedBy: { column: SortColumn; desc: boolean } = sort
    ? { column: sort.replace(/^-/, "") as SortColumn, desc: sort.startsWith("-") }
    : { column: "name", desc: false };
  const sortHeader = (column: SortColumn, label: string) => {
    const active = sortedBy.column === column;
    const next = active && !sortedBy.desc ? `-${column}` : column;
    return (
      <TableCell aria-sort={active ? (sortedBy.desc ? "descending" : "ascending") : undefined}>
        <Link to={hrefWith({ sort: next === "name" ? null : next, page: null })} underline="none" className={css.sortLink} data-testid={`users-sort-${column}`}>
          {label}
          {active && (
            <span className={css.sortIcon}>
              <StaticIcon d={sortedBy.desc ? USER_ICONS.arrowDownward : USER_ICONS.arrowUpward} small />
            </span>
          )}
        </Link>
      </TableCell>
    );
  };
  const sizes = USER_PAGE_SIZES.includes(page_size) ? USER_PAGE_SIZES : [...USER_PAGE_SIZES, page_size].sort((a, b) => a - b);

  return (
    <div className={css.page}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap spacing={1} className={css.header}>
        <Typography variant="h5" component="h1">
          {t("users.title")}
        </Typography>
        <Stack direction="row" spacing={1} flexWrap>
          <ButtonLink to="/app/admin/users/import" variant="outlined" data-testid="users-import">
            {t("users.import")}
          </ButtonLink>
          <ButtonLink to="/app/admin/users/new" variant="contained" startIcon={<StaticIcon d={USER_ICONS.personAdd} />} data-testid="users-new">
            {t("users.newUser")}
          </ButtonLink>
        </Stack>
      </Stack>
      <Link to="/app/admin/scim-tokens" className={css.scimLink} data-testid="users-scim-link">
        {t("users.scimLink")}
      </Link>

      {result && !result.ok && (
        <Alert severity="error" className={css.alert} data-testid="users-error">
          {messageText(t, result.error)}
        </Alert>
      )}

      <UsersFilters q={q} roles={roles} status={status} />

      <div data-testid="users-grid">
        <StackedTable
          stackBelow="sm"
          ariaLabel={t("users.title")}
          empty={users.length === 0}
          emptyText={t("users.noUsers")}
          emptyTestId="users-empty"
          head={
            <>
              {sortHeader("name", t("users.columns.name"))}
              {sortHeader("role", t("users.columns.role"))}
              {sortHeader("email", t("users.columns.email"))}
              <TableCell>{t("users.columns.actions")}</TableCell>
            </>
          }
        >
          {users.map((row) => {
            const blocked = spoofBlockedReason(row, selfId);
            const button = (
              <Button type="submit" size="small" variant="outlined" disabled={blocked !== null || busy} data-testid={`user-spoof-${row.id}`}>
                {t("users.spoof")}
              </Button>
            );
            return (
              <TableRow key={row.id} role="row" data-testid={`users-row-${row.id}`}>
                <TableCell>
                  <span className={css.nameCell}>
                    <Avatar src={row.profile_image_url ?? undefined} alt="" className={css.avatar}>
                      {row.name.slice(0, 1)}
                    </Avatar>
                    <Link to={`/app/admin/users/${row.id}`} className={css.wrap} data-testid={`user-link-${row.id}`}>
                      {row.name}
                    </Link>
                    {!row.active && <Chip label={t("users.inactive")} size="small" variant="outlined" data-testid={`user-inactive-${row.id}`} />}
                  </span>
                </TableCell>
                <TableCell data-label={t("users.columns.role")}>{roleName(row.role)}</TableCell>
                <TableCell data-label={t("users.columns.email")} className={css.wrap}>
                  {row.email}
                </TableCell>
                <TableCell data-label={t("users.columns.actions")}>
                  <Form method="post" className={css.actions}>
                    <input type="hidden" name="intent" value="spoof" />
                    <input type="hidden" name="email" value={row.email} />
                    {blocked ? (
                      <ClientTooltip title={t(blocked)}>
                        <span title={t(blocked)}>{button}</span>
                      </ClientTooltip>
                    ) : (
                      button
                    )}
                  </Form>
                </TableCell>
              </TableRow>
            );
          })}
        </StackedTable>
        <StaticPagination
          total={total}
          page={page}
          pageSize={page_size}
          sizes={sizes}
          hrefOf={pageHref}
          onPageSize={(size) => navigate(pageHref(1, size), { preventScrollReset: true })}
          testIds={{ root: "users-pagination", range: "users-range", previous: "users-page-previous", next: "users-page-next" }}
        />
      </div>
      <Typography variant="caption" color="text.secondary" className={cx(css.caption)} data-testid="users-count">
        {t("users.count", { count: total })}
        {page_size !== USER_PAGE_SIZE_DEFAULT ? t("users.perPage", { size: page_size }) : ""}
      </Typography>
    </div>
  );
}
