import { useState, type ReactNode } from "react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { useSnackbar } from "notistack";
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useTheme } from "@mui/material/styles";
import MenuIcon from "@mui/icons-material/Menu";
import LogoutIcon from "@mui/icons-material/Logout";
import KeyIcon from "@mui/icons-material/Key";
import { useTranslation } from "react-i18next";
import { APP_VERSION, DRAWER_WIDTH } from "~/platform/theme/theme";
import type { NavBadges, NavGroup } from "~/features/shell/navigation";
import { NotificationsBell } from "~/features/shell/notifications/notifications-bell";
import { NavigationList } from "~/features/shell/navigation-list";
import { callApi } from "~/platform/api-client";

export type ShellUser = {
  id: number;
  name: string;
  email: string;
  role: string;
  profileImageUrl: string | null;
};

function Logo() {
  return (
    <RemixLink
      to="/app/home"
      style={{ color: "inherit", textDecoration: "none" }}
      aria-label="PMR home"
    >
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 700, letterSpacing: 1 }}
      >
        PMR
      </Typography>
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
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Toolbar sx={{ bgcolor: "primary.main", color: "primary.contrastText" }}>
        <Logo />
      </Toolbar>
      <NavigationList groups={groups} badges={badges} onNavigate={onNavigate} />
      <Divider />
      {/*
        The footer in two rows, so nothing is cut in the 260 px drawer: who is signed in (the whole name, wrapping
        when long) with a link to their API tokens and, below, the version with the bell and sign-out.
      */}
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }} data-testid="nav-footer">
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
          <Avatar src={user.profileImageUrl ?? undefined} alt={user.name} sx={{ width: 32, height: 32 }}>
            {user.name.slice(0, 1)}
          </Avatar>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }} data-testid="current-user-name">
            {user.name}
          </Typography>
          <Tooltip title={t("nav.apiTokens")}>
            <IconButton component={RemixLink} to="/app/api-tokens" size="small" aria-label={t("nav.apiTokens")} onClick={onNavigate}>
              <KeyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1 }} data-testid="app-version">
            {t("app.version", { version: APP_VERSION })}
          </Typography>
          <NotificationsBell />
          <Form method="post" action="/app/logout">
            <Tooltip title={t("nav.logout")}>
              <IconButton type="submit" aria-label={t("nav.logout")}>
                <LogoutIcon />
              </IconButton>
            </Tooltip>
          </Form>
        </Box>
      </Box>
    </Box>
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
    <Box
      role="status"
      data-testid="spoof-banner"
      sx={{
        bgcolor: "success.main",
        color: "success.contrastText",
        px: 2,
        py: 1,
        display: "flex",
        alignItems: "center",
        gap: 2,
      }}
    >
      <Typography sx={{ flex: 1 }}>
        {t("spoof.banner", { user: viewedUserName })}
      </Typography>
      <Button
        variant="contained"
        color="inherit"
        sx={{ color: "success.dark" }}
        disabled={busy}
        onClick={() => void switchBack()}
        data-testid="spoof-switch-back"
      >
        {t("spoof.switchBack")}
      </Button>
    </Box>
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
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      {!large && (
        <AppBar position="fixed" color="primary" data-testid="top-bar">
          <Toolbar>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t("nav.openMenu")}
              onClick={() => setMobileOpen(true)}
              sx={{ mr: 2 }}
            >
              <MenuIcon />
            </IconButton>
            <Logo />
          </Toolbar>
        </AppBar>
      )}
      <Box
        component="aside"
        sx={{ width: { lg: DRAWER_WIDTH }, flexShrink: { lg: 0 } }}
      >
        {large ? (
          <Drawer
            variant="permanent"
            open
            slotProps={{ paper: { "data-testid": "side-drawer" } as object }}
            sx={{
              "& .MuiDrawer-paper": {
                width: DRAWER_WIDTH,
                boxSizing: "border-box",
              },
            }}
          >
            <DrawerContent user={user} groups={groups} badges={badges} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { "data-testid": "side-drawer" } as object }}
            sx={{
              "& .MuiDrawer-paper": {
                width: DRAWER_WIDTH,
                boxSizing: "border-box",
              },
            }}
          >
            <DrawerContent
              user={user}
              groups={groups}
              badges={badges}
              onNavigate={() => setMobileOpen(false)}
            />
          </Drawer>
        )}
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, pt: large ? 0 : 8 }}>
        {banner}
        {/* Room on the right for the fixed Feedback tab and at the bottom for the Help button, so they never cover text. */}
        <Box sx={{ p: { xs: 2, md: 3 }, pr: { xs: 6, md: 7 }, pb: { xs: 11, md: 11 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
