import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  InputAdornment,
  InputLabel,
  Link,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { DataGrid, type GridColDef, type GridPaginationModel } from "@mui/x-data-grid";
import { WRAPPING_GRID, autoRowHeight } from "~/platform/ui/wrapping-grid";
import { useGridLocaleText } from "~/platform/ui/grid-locale";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ROLES, ROLE_KEYS, type RoleName } from "~/features/users/roles";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import {
  SEARCH_DEBOUNCE_MS,
  spoofBlockedReason,
  USER_PAGE_SIZE_DEFAULT,
  USER_PAGE_SIZES as PAGE_SIZES,
  USER_STATUSES,
  type UserStatusFilter,
} from "~/features/users/rules";
import { AdminUserListQuery } from "~/features/users/contract.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { spoofFormError, startSessionSpoof } from "~/features/users/spoof.server";
import { listAdminUsers } from "~/features/users/service.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.users");


/** q, role[], page, page_size from the address; anything invalid falls back to the defaults. */
function queryOf(request: Request) {
  const url = new URL(request.url);
  const raw = {
    q: url.searchParams.get("q") ?? undefined,
    "role[]": url.searchParams.getAll("role[]").filter((r) => (ROLES as readonly string[]).includes(r)),
    status: url.searchParams.get("status") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
    page_size: url.searchParams.get("page_size") ?? undefined,
  };
  const parsed = AdminUserListQuery.safeParse(raw);
  return parsed.success ? parsed.data : AdminUserListQuery.parse({
        q: raw.q?.slice(0, 200),
        "role[]": raw["role[]"],
        status: (USER_STATUSES as readonly string[]).includes(raw.status ?? "") ? raw.status : undefined,
      });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const query = queryOf(request);
  return { ...(await listAdminUsers(query)), selfId: current.user.id, status: query.status };
}

const SpoofForm = z.object({ intent: z.literal("spoof"), email: z.string().trim().min(1).max(320) });

/** "Spoof" in the table: view the product as that user (cookie session), then land on their home page. */
export async function action({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const parsed = SpoofForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: "Invalid request" }, { status: 400 });
  try {
    const { setCookie } = await startSessionSpoof(request, current, parsed.data.email);
    return redirect("/app/home", { headers: { "Set-Cookie": setCookie } });
  } catch (err) {
    const failure = spoofFormError(err);
    return data({ ok: false as const, error: failure.error }, { status: failure.status });
  }
}

const STATUS_KEYS: Record<UserStatusFilter, TranslationKey> = { active: "users.statuses.active", inactive: "users.statuses.inactive", all: "users.statuses.all" };

type Row = { id: number; name: string; email: string; role: string; profile_image_url: string | null; active: boolean };

export default function AdminUsers() {
  const { users, total, page, page_size, selfId, status } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const localeText = useGridLocaleText({ noRowsLabel: t("users.noUsers") });
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQ = searchParams.get("q") ?? "";
  const roles = searchParams.getAll("role[]").filter((r): r is RoleName => (ROLES as readonly string[]).includes(r));
  const [q, setQ] = useState(urlQ);
  const typed = useRef(false);

  // Back/forward or a link changed the address: show its search text.
  useEffect(() => {
    if (!typed.current) setQ(urlQ);
  }, [urlQ]);

  // Debounced server-side search; a new search starts on page 1.
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (q.trim() === urlQ.trim()) return;
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q.trim()) next.set("q", q.trim());
          else next.delete("q");
          next.delete("page");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, urlQ, setSearchParams]);

  const setRoles = (next: string[]) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.delete("role[]");
        for (const role of next) params.append("role[]", role);
        params.delete("page");
        return params;
      },
      { preventScrollReset: true },
    );

  const setStatus = (next: UserStatusFilter) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === "all") params.delete("status");
        else params.set("status", next);
        params.delete("page");
        return params;
      },
      { preventScrollReset: true },
    );

  const setPagination = (model: GridPaginationModel) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("page", String(model.page + 1));
        params.set("page_size", String(model.pageSize));
        return params;
      },
      { preventScrollReset: true },
    );

  const busy = navigation.state !== "idle";
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/admin/users";

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: "name",
        headerName: t("users.columns.name"),
        flex: 1.2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%" }}>
            <Avatar src={row.profile_image_url ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14 }}>
              {row.name.slice(0, 1)}
            </Avatar>
            <Link component={RemixLink} to={`/app/admin/users/${row.id}`} data-testid={`user-link-${row.id}`}>
              {row.name}
            </Link>
            {!row.active && <Chip label={t("users.inactive")} size="small" variant="outlined" data-testid={`user-inactive-${row.id}`} />}
          </Stack>
        ),
      },
      { field: "role", headerName: t("users.columns.role"), flex: 0.7, minWidth: 140, valueFormatter: (value: string) => (value in ROLE_KEYS ? t(ROLE_KEYS[value as RoleName]) : value) },
      { field: "email", headerName: t("users.columns.email"), flex: 1.3, minWidth: 220 },
      {
        field: "actions",
        headerName: t("users.columns.actions"),
        width: 120,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => {
          const blocked = spoofBlockedReason(row, selfId);
          const button = (
            <Button type="submit" size="small" variant="outlined" disabled={blocked !== null || busy} data-testid={`user-spoof-${row.id}`}>
              {t("users.spoof")}
            </Button>
          );
          return (
            <Form method="post" style={{ display: "flex", alignItems: "center", height: "100%" }}>
              <input type="hidden" name="intent" value="spoof" />
              <input type="hidden" name="email" value={row.email} />
              {blocked ? (
                <Tooltip title={t(blocked)}>
                  <span>{button}</span>
                </Tooltip>
              ) : (
                button
              )}
            </Form>
          );
        },
      },
    ],
    [selfId, busy, t],
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h5" component="h1">
          {t("users.title")}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RemixLink} to="/app/admin/users/import" variant="outlined" data-testid="users-import">
            {t("users.import")}
          </Button>
          <Button component={RemixLink} to="/app/admin/users/new" variant="contained" startIcon={<PersonAddIcon />} data-testid="users-new">
            {t("users.newUser")}
          </Button>
        </Stack>
      </Stack>
      <Link component={RemixLink} to="/app/admin/scim-tokens" variant="body2" sx={{ display: "inline-block", mb: 2 }} data-testid="users-scim-link">
        {t("users.scimLink")}
      </Link>

      {result && !result.ok && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="users-error">
          {result.error}
        </Alert>
      )}

      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={t("users.search")}
          placeholder={t("users.searchPlaceholder")}
          size="small"
          value={q}
          onChange={(e) => {
            typed.current = true;
            setQ(e.target.value);
          }}
          sx={{ minWidth: 280 }}
          slotProps={{
            htmlInput: { "data-testid": "users-search", maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControl size="small" sx={{ minWidth: 240 }}>
          <InputLabel id="users-role-filter-label">{t("users.role")}</InputLabel>
          <Select
            labelId="users-role-filter-label"
            multiple
            value={roles}
            onChange={(e) => setRoles(typeof e.target.value === "string" ? e.target.value.split(",") : e.target.value)}
            input={<OutlinedInput label={t("users.role")} />}
            renderValue={(selected) => selected.map((r) => t(ROLE_KEYS[r])).join(", ")}
            data-testid="users-role-filter"
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role} data-testid={`users-role-option-${role}`}>
                <Checkbox checked={roles.includes(role)} size="small" />
                <ListItemText primary={t(ROLE_KEYS[role])} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="users-status-filter-label">{t("users.status")}</InputLabel>
          <Select
            labelId="users-status-filter-label"
            label={t("users.status")}
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
      </Stack>

      <Box data-testid="users-grid" sx={{ width: "100%" }}>
        <DataGrid<Row>
          rows={users}
          columns={columns}
          rowCount={total}
          loading={loading}
          paginationMode="server"
          filterMode="server"
          sortingMode="server"
          disableColumnSorting
          disableColumnFilter
          disableColumnMenu
          disableRowSelectionOnClick
          paginationModel={{ page: page - 1, pageSize: page_size }}
          onPaginationModelChange={setPagination}
          pageSizeOptions={PAGE_SIZES.includes(page_size) ? PAGE_SIZES : [...PAGE_SIZES, page_size].sort((a, b) => a - b)}
          localeText={localeText}
          getRowId={(row) => row.id}
          density="standard"
          getRowHeight={autoRowHeight}
          sx={WRAPPING_GRID}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
        {t("users.count", { count: total })}
        {page_size !== USER_PAGE_SIZE_DEFAULT ? t("users.perPage", { size: page_size }) : ""}
      </Typography>
    </Box>
  );
}
