import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageText, pageMessage } from "~/platform/i18n/page-message";
import { z } from "zod";
import { spoofBlockedReason } from "~/features/users/rules";
import { ROLES, ROLE_KEYS, roleKey } from "~/features/users/roles";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { spoofFormError, startSessionSpoof } from "~/features/users/spoof.server";
import { getAdminUser, updateAdminUser } from "~/features/users/service.server";
import { listTokensOfUser } from "~/features/auth/tokens/service.server";
import { adminTokenAction } from "~/features/auth/tokens/pages.server";
import { ApiTokenTable } from "~/features/auth/tokens/api-token-table";
import { userPageDirectoryAction } from "~/features/users/pages.server";
import { DirectoryForm } from "~/features/users/directory-form";
import { UserStatusButton } from "~/features/users/user-status-button";
import { PrivacyPanel } from "~/features/privacy/components/privacy-panel";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle<typeof loader>((data) =>
  data?.user.name ? pageMessage("titles.user", { name: data.user.name }) : pageMessage("titles.userUnknown"),
);

const userIdOf = (params: LoaderFunctionArgs["params"]): number => pageIdParam(params.userId, /^\d{1,9}$/);
const loadUser = (id: number) => orNotFoundPage(() => getAdminUser(id));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  return { user: await loadUser(id), selfId: current.user.id, tokens: await listTokensOfUser(id) };
}

const ActionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), role: z.enum(ROLES, { error: "Choose a role" }) }),
  z.object({ intent: z.literal("spoof") }),
]);

/**
 * intent=save: every directory field but the role; deactivate / reactivate (directory core, audited);
 * intent=role: change the role (audited user.update); intent=spoof: view the product as this user.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  const id = userIdOf(params);
  const fields = Object.fromEntries(await request.formData());
  const revoked = await adminTokenAction(current, fields);
  if (revoked) return revoked;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const directory = await userPageDirectoryAction(current, id, form);
  if (directory) return directory;
  const parsed = ActionForm.safeParse(fields);
  if (!parsed.success) return data({ ok: false as const, intent: null, error: "Choose a role", fieldErrors: {} }, { status: 400 });
  const choice = parsed.data;
  try {
    if (choice.intent === "spoof") {
      const user = await loadUser(id);
      const { setCookie } = await startSessionSpoof(request, current, user.email);
      return redirect("/app/home", { headers: { "Set-Cookie": setCookie } });
    }
    const user = await updateAdminUser(current, id, { role: choice.role });
    return { ok: true as const, intent: choice.intent, message: pageMessage("users.page.roleChanged", { role: user.role }), error: null, fieldErrors: {} };
  } catch (err) {
    const failure = spoofFormError(err);
    return data({ ok: false as const, intent: choice.intent, error: failure.error, fieldErrors: {} }, { status: failure.status });
  }
}

function PersonLink({ person, testId }: { person: { id: number; name: string; email: string } | null; testId: string }) {
  if (!person) return <span data-testid={testId}>—</span>;
  return (
    <Link component={RemixLink} to={`/app/admin/users/${person.id}`} data-testid={testId}>
      {person.name}
    </Link>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography color="text.secondary" sx={{ width: 180, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Stack>
  );
}

export default function AdminUser() {
  const { user, selfId, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const roleName = (r: string) => {
    const key = roleKey(r);
    return key ? t(key) : r;
  };
  const [role, setRole] = useState<string>(user.role);
  useEffect(() => setRole(user.role), [user.role]);
  useEffect(() => {
    if (!result?.ok || !result.message) return;
    const { message } = result;
    const text =
      typeof message === "string"
        ? message
        : messageText(t, message.key === "users.page.roleChanged" ? { key: message.key, values: { role: roleName(String(message.values?.role)) } } : message);
    enqueueSnackbar(text, { variant: "success" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast for each new result, not for a language switch
  }, [result, enqueueSnackbar]);
  const [searchParams, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (searchParams.get("created") !== "1") return;
    enqueueSnackbar(t("users.page.created"), { variant: "success" });
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams, enqueueSnackbar, t]);
  const saveResult = result && "fieldErrors" in result && result.intent === "save" && !result.ok ? result : null;

  const spoofBlocked = spoofBlockedReason(user, selfId);
  const ownAdminRole = user.id === selfId && user.role === "SUPER_ADMIN";
  const spoofButton = (
    <Button type="submit" variant="outlined" disabled={busy || spoofBlocked !== null} data-testid="user-spoof">
      {t("users.page.spoofUser")}
    </Button>
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Link component={RemixLink} to="/app/admin/users" sx={{ display: "inline-block", mb: 1 }}>
        {t("users.back")}
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <Avatar src={user.profile_image_url ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
          {user.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" data-testid="user-name">
            {user.name}
          </Typography>
          <Typography color="text.secondary" data-testid="user-email">
            {user.email}
          </Typography>
        </Box>
        <Chip label={roleName(user.role)} color={user.role === "SUPER_ADMIN" ? "secondary" : "default"} data-testid="user-role" />
        {!user.active && <Chip label={t("users.page.inactive")} variant="outlined" data-testid="user-inactive" />}
        {user.scim_managed && <Chip label={t("users.page.scim")} variant="outlined" data-testid="user-scim" />}
        <UserStatusButton user={user} busy={busy} self={user.id === selfId} />
        <Form method="post">
          <input type="hidden" name="intent" value="spoof" />
          {spoofBlocked ? (
            <Tooltip title={t(spoofBlocked)}>
              <span>{spoofButton}</span>
            </Tooltip>
          ) : (
            spoofButton
          )}
        </Form>
      </Stack>

      {result && !result.ok && !saveResult && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="user-error">
          {result.error}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack spacing={1} data-testid="user-details">
          <Field label={t("users.page.jobTitle")}>{user.job_title ?? "—"}</Field>
          <Field label={t("users.page.department")}>{user.department ?? "—"}</Field>
          <Field label={t("users.page.location")}>{user.location ?? "—"}</Field>
          <Field label={t("users.page.manager")}>
            <PersonLink person={user.manager} testId="user-manager" />
          </Field>
          <Field label={t("users.page.secondaryManager")}>
            <PersonLink person={user.secondary_manager} testId="user-secondary-manager" />
          </Field>
          <Field label={t("users.page.hrPartner")}>
            <PersonLink person={user.hr_partner} testId="user-hr-partner" />
          </Field>
          <Field label={t("users.page.directReports")}>
            <span data-testid="user-direct-report-count">{user.direct_report_count}</span>
          </Field>
          {user.hr_employee_count > 0 && (
            <Field label={t("users.page.hrPartnerOf")}>
              <span data-testid="user-hr-employee-count">{user.hr_employee_count}</span>
            </Field>
          )}
          <Field label={t("users.page.level")}>{user.level ?? "—"}</Field>
          <Field label={t("users.page.startDate")}>{user.start_date ?? "—"}</Field>
          <Field label={t("users.page.employeeNumber")}>{user.employee_number ?? "—"}</Field>
          <Field label={t("users.page.status")}>
            <span data-testid="user-status">
              {user.active ? t("users.page.active") : user.deactivated_at ? t("users.page.inactiveSince", { date: user.deactivated_at.slice(0, 10) }) : t("users.page.inactive")}
            </span>
          </Field>
          <Field label={t("users.page.auditLog")}>
            <Link component={RemixLink} to={`/app/admin/audits?${new URLSearchParams({ search_query: `User#${user.id}` })}`} data-testid="user-audit-link">
              {t("users.page.changes")}
            </Link>
          </Field>
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("users.page.details")}
      </Typography>
      <Box sx={{ mb: 4 }} key={`details-${user.updated_at}`}>
        <DirectoryForm
          values={{
            ...user,
            manager_email: user.manager?.email ?? null,
            secondary_manager_email: user.secondary_manager?.email ?? null,
            hr_partner_email: user.hr_partner?.email ?? null,
          }}
          errors={saveResult?.fieldErrors ?? {}}
          formError={saveResult?.error ?? null}
          busy={busy}
          withRole={false}
          intent="save"
          submitLabel={t("users.form.save")}
          testId="user-form"
        />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("users.page.role")}
      </Typography>
      <Form method="post" key={user.updated_at}>
        <input type="hidden" name="intent" value="role" />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="user-role-label">{t("users.page.role")}</InputLabel>
            <Select
              labelId="user-role-label"
              label={t("users.page.role")}
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value)}
              data-testid="user-role-select"
            >
              {ROLES.map((r) => (
                <MenuItem key={r} value={r} data-testid={`user-role-option-${r}`}>
                  {t(ROLE_KEYS[r])}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="contained" disabled={busy || role === user.role} data-testid="user-role-save">
            {t("users.page.saveRole")}
          </Button>
        </Stack>
        {ownAdminRole && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t("users.page.ownAdminRole")}
          </Typography>
        )}
      </Form>

      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t("users.page.apiTokens")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("users.page.apiTokensNote")}
      </Typography>
      <ApiTokenTable tokens={tokens} busy={busy} emptyText={t("users.page.noTokens")} />
      <PrivacyPanel userId={user.id} />
    </Box>
  );
}
