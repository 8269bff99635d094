import { Form } from "@remix-run/react";
import { FormControl, InputLabel, MenuItem, Select } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Typography } from "~/platform/ui/static";
import { NativeSelect } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { ROLES, ROLE_KEYS } from "~/features/users/roles";
import css from "~/features/users/components/users.module.css";

/**
 * The user page's role form (intent=role, audited user.update). The server render has a native select in the static
 * look (issue 27) and a Save Role button that submits it (without JavaScript too); from hydration on the select is
 * MUI's (its menu and keyboard as before) and Save Role waits for another role than the current one.
 */
export function UserRoleForm({ role: current, busy, ownAdminRole }: { role: string; busy: boolean; ownAdminRole: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [role, setRole] = useState(current);
  useEffect(() => setRole(current), [current]);
  const label = t("users.page.role");
  return (
    <>
      <Typography variant="h6" component="h2" className={css.sectionHeading}>
        {label}
      </Typography>
      <Form method="post">
        <input type="hidden" name="intent" value="role" />
        <div className={css.roleRow}>
          {hydrated ? (
            <FormControl size="small" className={css.roleSelect}>
              <InputLabel id="user-role-label">{label}</InputLabel>
              <Select labelId="user-role-label" label={label} name="role" value={role} onChange={(e) => setRole(e.target.value)} data-testid="user-role-select">
                {ROLES.map((r) => (
                  <MenuItem key={r} value={r} data-testid={`user-role-option-${r}`}>
                    {t(ROLE_KEYS[r])}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : (
            <NativeSelect
              id="user-role-native"
              name="role"
              label={label}
              size="small"
              className={css.roleSelect}
              defaultValue={current}
              options={ROLES.map((r) => ({ value: r, label: t(ROLE_KEYS[r]) }))}
              data-testid="user-role-select"
            />
          )}
          <Button type="submit" variant="contained" disabled={hydrated && (busy || role === current)} data-testid="user-role-save">
            {t("users.page.saveRole")}
          </Button>
        </div>
        {ownAdminRole && (
          <Typography variant="body2" color="text.secondary" className={css.roleNote}>
            {t("users.page.ownAdminRole")}
          </Typography>
        )}
      </Form>
    </>
  );
}
