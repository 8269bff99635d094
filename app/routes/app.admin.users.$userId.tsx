import { orNotFoundPage, pageIdParam } from "~/platform/page-errors.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import { z } from "zod";
import { spoofBlockedReason } from "~/features/users/rules";
import { ROLES, roleLabel } from "~/features/users/roles";
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.user.name ?? "User"} - PMR` }];

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
    return { ok: true as const, intent: choice.intent, message: `Role changed to ${roleLabel(user.role)}`, error: null, fieldErrors: {} };
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
  const [role, setRole] = useState<string>(user.role);
  useEffect(() => setRole(user.role), [user.role]);
  useEffect(() => {
    if (result?.ok && result.message) enqueueSnackbar(result.message, { variant: "success" });
  }, [result, enqueueSnackbar]);
  const [searchParams, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (searchParams.get("created") !== "1") return;
    enqueueSnackbar("User created", { variant: "success" });
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams, enqueueSnackbar]);
  const saveResult = result && "fieldErrors" in result && result.intent === "save" && !result.ok ? result : null;

  const spoofBlocked = spoofBlockedReason(user, selfId);
  const ownAdminRole = user.id === selfId && user.role === "SUPER_ADMIN";
  const spoofButton = (
    <Button type="submit" variant="outlined" disabled={busy || spoofBlocked !== null} data-testid="user-spoof">
      Spoof User
    </Button>
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Link component={RemixLink} to="/app/admin/users" sx={{ display: "inline-block", mb: 1 }}>
        ← Users
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
        <Chip label={roleLabel(user.role)} color={user.role === "SUPER_ADMIN" ? "secondary" : "default"} data-testid="user-role" />
        {!user.active && <Chip label="Inactive" variant="outlined" data-testid="user-inactive" />}
        {user.scim_managed && <Chip label="SCIM" variant="outlined" data-testid="user-scim" />}
        <UserStatusButton user={user} busy={busy} self={user.id === selfId} />
        <Form method="post">
          <input type="hidden" name="intent" value="spoof" />
          {spoofBlocked ? (
            <Tooltip title={spoofBlocked}>
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
          <Field label="Job title">{user.job_title ?? "—"}</Field>
          <Field label="Department">{user.department ?? "—"}</Field>
          <Field label="Location">{user.location ?? "—"}</Field>
          <Field label="Manager">
            <PersonLink person={user.manager} testId="user-manager" />
          </Field>
          <Field label="Secondary manager">
            <PersonLink person={user.secondary_manager} testId="user-secondary-manager" />
          </Field>
          <Field label="HR partner">
            <PersonLink person={user.hr_partner} testId="user-hr-partner" />
          </Field>
          <Field label="Direct reports">
            <span data-testid="user-direct-report-count">{user.direct_report_count}</span>
          </Field>
          {user.hr_employee_count > 0 && (
            <Field label="HR partner of">
              <span data-testid="user-hr-employee-count">{user.hr_employee_count}</span>
            </Field>
          )}
          <Field label="Level">{user.level ?? "—"}</Field>
          <Field label="Start date">{user.start_date ?? "—"}</Field>
          <Field label="Employee number">{user.employee_number ?? "—"}</Field>
          <Field label="Status">
            <span data-testid="user-status">
              {user.active ? "Active" : `Inactive${user.deactivated_at ? ` since ${user.deactivated_at.slice(0, 10)}` : ""}`}
            </span>
          </Field>
          <Field label="Audit log">
            <Link component={RemixLink} to={`/app/admin/audits?${new URLSearchParams({ search_query: `User#${user.id}` })}`} data-testid="user-audit-link">
              Changes to this user
            </Link>
          </Field>
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Details
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
          submitLabel="Save details"
          testId="user-form"
        />
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Role
      </Typography>
      <Form method="post" key={user.updated_at}>
        <input type="hidden" name="intent" value="role" />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="user-role-label">Role</InputLabel>
            <Select
              labelId="user-role-label"
              label="Role"
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value)}
              data-testid="user-role-select"
            >
              {ROLES.map((r) => (
                <MenuItem key={r} value={r} data-testid={`user-role-option-${r}`}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="contained" disabled={busy || role === user.role} data-testid="user-role-save">
            Save Role
          </Button>
        </Stack>
        {ownAdminRole && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            You cannot remove your own Super Admin role.
          </Typography>
        )}
      </Form>

      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        API tokens
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Changing the role or deactivating the user signs them out everywhere and revokes every token.
      </Typography>
      <ApiTokenTable tokens={tokens} busy={busy} emptyText="No live API tokens." />
      <PrivacyPanel userId={user.id} />
    </Box>
  );
}
