import { useState, type ReactNode } from "react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { useSnackbar } from "notistack";
import { Drawer, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { APP_VERSION, DRAWER_WIDTH } from "~/platform/theme/theme";
import { ClientTooltip, ICON, StaticIcon, controls } from "~/platform/ui/static-controls";
import type { NavBadges, NavGroup } from "~/features/shell/navigation";
import { NotificationsBell } from "~/features/shell/notifications/notifications-bell";
import { NavigationList } from "~/features/shell/navigation-list";
import { callApi } from "~/platform/api-client";
import css from "~/features/shell/app-shell.module.css";

/*
 * The frame is plain elements with static CSS (app-shell.module.css; issue 27, ADR 0062): it is on every page, and
 * MUI's styled components cost style work in every server render. MUI draws only what opens: the drawer on small
 * screens (in the browser only), tooltips, the notifications popover and the dialogs.
 */

export type ShellUser = {
  id: number;
  name: string;
  email: string;
  role: string;
  profileImageUrl: string | null;
};

function Logo() {
  const { t } = useTranslation();
  return (
    <RemixLink to="/app/home" className={css.logo} aria-label={t("shell.logo", { brand: "PMR" })}>
      PMR
    </RemixLink>
  );
}

function DrawerContent({
  user,
  groups,
  badges,
  onNavigate,
}: {
  user: ShellUser;
  groups: NavGroup[];
  badges?: NavBadges;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.drawerContent}>
      <div className={`${css.toolbar} ${css.brand}`}>
        <Logo />
      </div>
      <NavigationList groups={groups} badges={badges} onNavigate={onNavigate} />
      <hr className={css.divider} />
      {/*
        The footer in two rows, so nothing is cut in the 260 px drawer: who is signed in (the whole name, wrapping
        when long) with a link to their API tokens and, below, the version with the bell and sign-out.
      */}
      <div className={css.footer} data-testid="nav-footer">
        <div className={css.footerRow}>
          <div className={controls.avatar}>{user.profileImageUrl ? <img src={user.profileImageUrl} alt={user.name} /> : user.name.slice(0, 1)}</div>
          <p className={css.userName} data-testid="current-user-name">
            {user.name}
          </p>
          <ClientTooltip title={t("nav.apiTokens")}>
            <RemixLink
              to="/app/api-tokens"
              className={`${controls.iconButton} ${controls.iconButtonSmall}`}
              aria-label={t("nav.apiTokens")}
              onClick={onNavigate}
            >
              <StaticIcon d={ICON.key} small />
            </RemixLink>
          </ClientTooltip>
          <ClientTooltip title={t("preferences.title")}>
            <RemixLink
              to="/app/preferences"
              className={`${controls.iconButton} ${controls.iconButtonSmall}`}
              aria-label={t("preferences.title")}
              data-testid="nav-preferences"
              onClick={onNavigate}
            >
              <StaticIcon d={ICON.language} small />
            </RemixLink>
          </ClientTooltip>
        </div>
        <div className={css.footerRow}>
          <p className={css.version} data-testid="app-version">
            {t("app.version", { version: APP_VERSION })}
          </p>
          <NotificationsBell />
          <Form method="post" action="/app/logout">
            <ClientTooltip title={t("nav.logout")}>
              <button type="submit" className={controls.iconButton} aria-label={t("nav.logout")}>
                <StaticIcon d={ICON.logout} />
              </button>
            </ClientTooltip>
          </Form>
        </div>
      </div>
    </div>
  );
}

export function SpoofBanner({ viewedUserName }: { viewedUserName: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  // End the spoof (DELETE /api/v1/admin/spoof switches the session cookie back to the super admin),
  // then reload on the admin's users table so every loader runs as the admin again.
  const switchBack = async () => {
    setBusy(true);
    const res = await callApi("DELETE", "/api/v1/admin/spoof");
    if (res.ok || res.status === 409) {
      window.location.assign("/app/admin/users");
      return;
    }
    if (res.status === 401) {
      window.location.assign("/app/login?out=true");
      return;
    }
    enqueueSnackbar(res.message, { variant: "error" });
    setBusy(false);
  };
  return (
    <div role="status" data-testid="spoof-banner" className={css.spoofBanner}>
      <p className={css.spoofText}>{t("spoof.banner", { user: viewedUserName })}</p>
      <button type="button" className={`${controls.button} ${controls.buttonLight}`} disabled={busy} onClick={() => void switchBack()} data-testid="spoof-switch-back">
        {t("spoof.switchBack")}
      </button>
    </div>
  );
}

/** Spec §2 layout shell: 260 px drawer, permanent on large screens, top bar with menu button on small ones. */
export function AppShell({
  user,
  groups,
  badges,
  banner,
  children,
}: {
  user: ShellUser;
  groups: NavGroup[];
  badges?: NavBadges;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const theme = useTheme();
  const { t } = useTranslation();
  const large = useMediaQuery(theme.breakpoints.up("lg"), {
    noSsr: false,
    defaultMatches: true,
  });
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <div className={css.frame}>
      {!large && (
        <header className={css.topBar} data-testid="top-bar">
          <div className={css.toolbar}>
            <button
              type="button"
              className={`${controls.iconButton} ${controls.iconButtonInherit} ${controls.iconButtonEdgeStart} ${css.menuButton}`}
              aria-label={t("nav.openMenu")}
              onClick={() => setMobileOpen(true)}
            >
              <StaticIcon d={ICON.menu} />
            </button>
            <Logo />
          </div>
        </header>
      )}
      <aside className={css.aside}>
        {large ? (
          <div className={css.permanent} data-testid="side-drawer">
            <DrawerContent user={user} groups={groups} badges={badges} />
          </div>
        ) : (
          // Small screens: MUI's temporary drawer, drawn only in the browser (the server renders the large frame).
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { "data-testid": "side-drawer", sx: { width: DRAWER_WIDTH, boxSizing: "border-box" } } as object }}
          >
            <DrawerContent user={user} groups={groups} badges={badges} onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        )}
      </aside>
      <main className={large ? css.main : `${css.main} ${css.mainUnderBar}`}>
        {banner}
        <div className={css.content}>{children}</div>
      </main>
    </div>
  );
}
