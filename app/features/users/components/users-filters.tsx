import { Form, useSearchParams } from "@remix-run/react";
import { Checkbox, FormControl, InputLabel, ListItemText, MenuItem, OutlinedInput, Select } from "@mui/material";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Button } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { ROLES, ROLE_KEYS, type RoleName } from "~/features/users/roles";
import { SEARCH_DEBOUNCE_MS, USER_STATUSES, type UserStatusFilter } from "~/features/users/rules";
import css from "~/features/users/components/users.module.css";

/**
 * The user list's search box and its role and status filters, as a GET form of `q`, `role[]` and `status` (it works
 * without JavaScript: the server filters). The server render has native selects in the static look and a button that
 * applies them (issue 27: no style work); from hydration on the search is debounced (spec §9), the role filter is MUI's
 * multiple Select and the status filter MUI's Select, each applied at once by changing the address (a new page 1).
 */

const STATUS_KEYS: Record<UserStatusFilter, TranslationKey> = { active: "users.statuses.active", inactive: "users.statuses.inactive", all: "users.statuses.all" };

export function UsersFilters({ q: urlQ, roles, status }: { q: string; roles: readonly string[]; status: UserStatusFilter }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const [q, setQ] = useState(urlQ);
  const typed = useRef(false);
  const picked = roles.filter((r): r is RoleName => (ROLES as readonly string[]).includes(r));

  // Back/forward or a link changed the address: show its search text.
  useEffect(() => {
    if (!typed.current) setQ(urlQ);
  }, [urlQ]);

  // The typed search in the address (a new search starts on page 1).
  const search = useCallback(
    (text: string) => {
      typed.current = false;
      if (text.trim() === urlQ.trim()) return;
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text.trim()) next.set("q", text.trim());
          else next.delete("q");
          next.delete("page");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [urlQ, setSearchParams],
  );

  // Debounced server-side search.
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => search(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, search]);

  const change = (edit: (params: URLSearchParams) => void) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        edit(params);
        params.delete("page");
        return params;
      },
      { preventScrollReset: true },
    );
  const setRoles = (next: string[]) =>
    change((params) => {
      params.delete("role[]");
      for (const role of next) params.append("role[]", role);
    });
  const setStatus = (next: UserStatusFilter) =>
    change((params) => {
      if (next === "all") params.delete("status");
      else params.set("status", next);
    });

  const roleLabel = t("users.role");
  const statusLabel = t("users.status");
  return (
    <Form
      method="get"
      role="search"
      className={css.filters}
      onSubmit={(e) => {
        // Enter in the search box once hydrated: search now, keeping the filters (MUI's selects are not form fields).
        e.preventDefault();
        search(q);
      }}
    >
      <TextField
        id="users-search"
        name="q"
        label={t("users.search")}
        placeholder={t("users.searchPlaceholder")}
        size="small"
        className={css.search}
        value={q}
        onChange={(e) => {
          typed.current = true;
          setQ(e.target.value);
        }}
        inputProps={{ "data-testid": "users-search", maxLength: 200 }}
      />
      {hydrated ? (
        <FormControl size="small" className={css.roleFilter}>
          <InputLabel id="users-role-filter-label">{roleLabel}</InputLabel>
          <Select
            labelId="users-role-filter-label"
            multiple
            value={picked}
            onChange={(e) => setRoles(typeof e.target.value === "string" ? e.target.value.split(",") : e.target.value)}
            input={<OutlinedInput label={roleLabel} />}
            renderValue={(selected) => selected.map((r) => t(ROLE_KEYS[r])).join(", ")}
            data-testid="users-role-filter"
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role} data-testid={`users-role-option-${role}`}>
                <Checkbox checked={picked.includes(role)} size="small" />
                <ListItemText primary={t(ROLE_KEYS[role])} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : (
        <NativeSelect
          id="users-role-filter-native"
          name="role[]"
          label={roleLabel}
          size="small"
          className={css.roleFilter}
          defaultValue={picked[0] ?? ""}
          options={[{ value: "", label: t("users.allRoles") }, ...ROLES.map((role) => ({ value: role, label: t(ROLE_KEYS[role]) }))]}
          data-testid="users-role-filter"
        />
      )}
      {hydrated ? (
        <FormControl size="small" className={css.statusFilter}>
          <InputLabel id="users-status-filter-label">{statusLabel}</InputLabel>
          <Select
            labelId="users-status-filter-label"
            label={statusLabel}
            value={status}
            onChange={(e) => setStatus(e.target.value as UserStatusFilter)}
            data-testid="users-status-filter"
          >
            {USER_STATUSES.map((s) => (
              <MenuItem key={s} value={s} data-testid={`users-status-option-${s}`}>
                {t(STATUS_KEYS[s])}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : (
        <>
          <NativeSelect
            id="users-status-filter-native"
            name="status"
            label={statusLabel}
            size="small"
            className={css.statusFilter}
            defaultValue={status}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
            data-testid="users-status-filter"
          />
          <Button type="submit" variant="outlined" className={css.filterButton}>
            {t("users.applyFilters")}
          </Button>
        </>
      )}
    </Form>
  );
}
