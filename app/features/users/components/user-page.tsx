import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { useFormat } from "~/platform/i18n/reader-context";
import { Alert, Avatar, Button, Chip, Link, Paper, Stack, Typography } from "~/platform/ui/static";
import { ClientTooltip } from "~/platform/ui/static-controls";
import { spoofBlockedReason } from "~/features/users/rules";
import { roleKey } from "~/features/users/roles";
import { DirectoryForm } from "~/features/users/directory-form";
import type { DirectoryFieldErrors } from "~/features/users/directory-form-types";
import { UserStatusButton } from "~/features/users/user-status-button";
import { UserRoleForm } from "~/features/users/components/user-role-form";
import { ApiTokenTable } from "~/features/auth/tokens/api-token-table";
import type { ApiTokenView } from "~/features/auth/tokens/rules";
import { PrivacyPanel } from "~/features/privacy/components/privacy-panel";
import css from "~/features/users/components/users.module.css";

/**
 * A user's page for the super admin (/app/admin/users/{userId}) in static markup (issue 27): who they are, Deactivate
 * or Re-activate (a dialog mounted on opening), Spoof User, the directory facts, the details form, the role, their
 * API tokens and the Personal data card. The actions answer keys (toasts in the reader's language).
 */

type Person = { id: number; name: string; email: string } | null;
export type UserPageUser = {
  id: number;
  name: string;
  email: string;
  role: string;
  active: boolean;
  profile_image_url: string | null;
  job_title: string | null;
  department: string | null;
  level: string | null;
  location: string | null;
  manager: Person;
  secondary_manager: Person;
  hr_partner: Person;
  start_date: string | null;
  employee_number: string | null;
  deactivated_at: string | null;
  scim_managed: boolean;
  direct_report_count: number;
  hr_employee_count: number;
  updated_at: string;
};
export type UserPageResult = { ok: boolean; intent?: string | null; message?: PageMessage | string | null; error?: PageMessage | null; fieldErrors?: DirectoryFieldErrors } | undefined;

function PersonLink({ person, testId }: { person: Person; testId: string }) {
  if (!person) return <span data-testid={testId}>—</span>;
  return (
    <Link to={`/app/admin/users/${person.id}`} data-testid={testId}>
      {person.name}
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.fact}>
      <Typography color="text.secondary" className={css.factLabel}>
        {label}
      </Typography>
      <Typography component="div" className={css.factValue}>
        {children}
      </Typography>
    </div>
  );
}

export function UserPage({ user, selfId, tokens }: { user: UserPageUser; selfId: number; tokens: ApiTokenView[] }) {
  const result = useActionData() as UserPageResult;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const format = useFormat();
  const roleName = (r: string) => {
    const key = roleKey(r);
    return key ? t(key) : r;
  };
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
  const spoofButton = (
    <Button type="submit" variant="outlined" disabled={busy || spoofBlocked !== null} data-testid="user-spoof">
      {t("users.page.spoofUser")}
    </Button>
  );

  return (
    <div className={css.page}>
      <Link to="/app/admin/users" className={css.back}>
        {t("users.back")}
      </Link>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.userHeader}>
        <Avatar src={user.profile_image_url ?? undefined} alt="" className={css.userAvatar}>
          {user.name.slice(0, 1)}
        </Avatar>
        <div className={css.userName}>
          <Typography variant="h5" component="h1" data-testid="user-name">
            {user.name}
          </Typography>
          <Typography color="text.secondary" data-testid="user-email">
            {user.email}
          </Typography>
        </div>
        <Chip label={roleName(user.role)} color={user.role === "SUPER_ADMIN" ? "secondary" : "default"} data-testid="user-role" />
        {!user.active && <Chip label={t("users.page.inactive")} variant="outlined" data-testid="user-inactive" />}
        {user.scim_managed && <Chip label={t("users.page.scim")} variant="outlined" data-testid="user-scim" />}
        <UserStatusButton user={user} busy={busy} self={user.id === selfId} />
        <Form method="post">
          <input type="hidden" name="intent" value="spoof" />
          {spoofBlocked ? (
            <ClientTooltip title={t(spoofBlocked)}>
              <span title={t(spoofBlocked)}>{spoofButton}</span>
            </ClientTooltip>
          ) : (
            spoofButton
          )}
        </Form>
      </Stack>

      {result && !result.ok && !saveResult && result.error && (
        <Alert severity="error" className={css.alert} data-testid="user-error">
          {messageText(t, result.error)}
        </Alert>
      )}

      <Paper variant="outlined" className={css.facts}>
        <Stack spacing={1} data-testid="user-details">
          <Fact label={t("users.page.jobTitle")}>{user.job_title ?? "—"}</Fact>
          <Fact label={t("users.page.department")}>{user.department ?? "—"}</Fact>
          <Fact label={t("users.page.location")}>{user.location ?? "—"}</Fact>
          <Fact label={t("users.page.manager")}>
            <PersonLink person={user.manager} testId="user-manager" />
          </Fact>
          <Fact label={t("users.page.secondaryManager")}>
            <PersonLink person={user.secondary_manager} testId="user-secondary-manager" />
          </Fact>
          <Fact label={t("users.page.hrPartner")}>
            <PersonLink person={user.hr_partner} testId="user-hr-partner" />
          </Fact>
          <Fact label={t("users.page.directReports")}>
            <span data-testid="user-direct-report-count">{user.direct_report_count}</span>
          </Fact>
          {user.hr_employee_count > 0 && (
            <Fact label={t("users.page.hrPartnerOf")}>
              <span data-testid="user-hr-employee-count">{user.hr_employee_count}</span>
            </Fact>
          )}
          <Fact label={t("users.page.level")}>{user.level ?? "—"}</Fact>
          <Fact label={t("users.page.startDate")}>{user.start_date ? format.day(user.start_date) : "—"}</Fact>
          <Fact label={t("users.page.employeeNumber")}>{user.employee_number ?? "—"}</Fact>
          <Fact label={t("users.page.status")}>
            <span data-testid="user-status">
              {user.active ? t("users.page.active") : user.deactivated_at ? t("users.page.inactiveSince", { date: format.date(user.deactivated_at) }) : t("users.page.inactive")}
            </span>
          </Fact>
          <Fact label={t("users.page.auditLog")}>
            <Link to={`/app/admin/audits?${new URLSearchParams({ search_query: `User#${user.id}` })}`} data-testid="user-audit-link">
              {t("users.page.changes")}
            </Link>
          </Fact>
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" className={css.sectionHeading}>
        {t("users.page.details")}
      </Typography>
      <div className={css.detailsForm} key={`details-${user.updated_at}`}>
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
      </div>

      <UserRoleForm role={user.role} busy={busy} ownAdminRole={user.id === selfId && user.role === "SUPER_ADMIN"} />

      <Typography variant="h6" component="h2" className={css.tokensHeading}>
        {t("users.page.apiTokens")}
      </Typography>
      <Typography variant="body2" color="text.secondary" className={css.tokensNote}>
        {t("users.page.apiTokensNote")}
      </Typography>
      <ApiTokenTable tokens={tokens} busy={busy} emptyText={t("users.page.noTokens")} />
      <PrivacyPanel userId={user.id} />
    </div>
  );
}
