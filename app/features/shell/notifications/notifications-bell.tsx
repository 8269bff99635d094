import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "@remix-run/react";
import { Box, Button, CircularProgress, Divider, List, ListItemButton, ListItemText, Popover, Typography } from "@mui/material";
import { ClientTooltip, ICON, StaticIcon, controls } from "~/platform/ui/static-controls";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import { callApi } from "~/platform/api-client";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";

/**
 * The signed-in user's notifications (reminders such as nudges, ADR 0019): a bell with the unread
 * count in the drawer footer; the list opens in a popover. Data comes from GET /api/v1/notifications
 * (refreshed when opened, every minute and on navigation); opening a notification marks it read
 * (PATCH /api/v1/notifications/{id}/read) and follows its link. While a super admin views another
 * user the list is read-only (the API says so).
 */

type Item = { id: number; kind: string; title: string; body: string; link: string | null; read: boolean; created_at: string };
type ListBody = { notifications: Item[]; total: number; unread_count: number; read_only: boolean };

const POLL_MS = 60_000;

export function NotificationsBell() {
  const { t } = useTranslation();
  const format = useFormat();
  const [data, setData] = useState<ListBody | null>(null);
  const [failed, setFailed] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(anchor !== null);
  const navigate = useNavigate();
  const location = useLocation();
  const alive = useRef(true);

  const load = useCallback(async () => {
    const res = await callApi<ListBody>("GET", "/api/v1/notifications?limit=20");
    if (!alive.current) return;
    if (res.ok) {
      setData(res.body);
      setFailed(false);
    } else {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, POLL_MS);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [load]);

  // New reminders may have arrived while the user moved around the app.
  useEffect(() => {
    void load();
  }, [location.pathname, load]);

  const openItem = async (item: Item) => {
    if (!item.read && data && !data.read_only) {
      setData({ ...data, unread_count: Math.max(0, data.unread_count - 1), notifications: data.notifications.map((n) => (n.id === item.id ? { ...n, read: true } : n)) });
      // Whatever the answer, the refresh shows the real state.
      await callApi("PATCH", `/api/v1/notifications/${item.id}/read`);
      void load();
    }
    if (item.link) {
      setAnchor(null);
      navigate(item.link);
    }
  };

  const unread = data?.unread_count ?? 0;
  // The badge's text (99+ above 99) is part of the button's name (axe label-content-name-mismatch).
  const label = unread > 0 ? t("shell.notifications.bell", { unread: unread > 99 ? "99+" : String(unread) }) : t("shell.notifications.title");
  return (
    <>
      {/* A static button (it is on every page; issue 27, ADR 0062); the popover is MUI's, mounted once it opens. */}
      <ClientTooltip title={t("shell.notifications.title")}>
        <button
          type="button"
          className={controls.iconButton}
          aria-label={label}
          data-testid="notifications-bell"
          onClick={(e) => {
            setAnchor(e.currentTarget);
            void load();
          }}
        >
          <span className={controls.badgeAnchor}>
            <StaticIcon d={ICON.notifications} />
            <span className={unread > 0 ? controls.badge : `${controls.badge} ${controls.badgeInvisible}`} data-testid="notifications-unread">
              {unread > 0 ? (unread > 99 ? "99+" : unread) : ""}
            </span>
          </span>
        </button>
      </ClientTooltip>
      {mounted && (
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: "calc(100vw - 32px)", maxHeight: 480 }, "data-testid": "notifications-panel" } as object }}
      >
        <Box sx={{ px: 2, py: 1.5, display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
            {t("shell.notifications.title")}
          </Typography>
          {data && (
            <Typography variant="caption" color="text.secondary">
              {t("shell.notifications.unread", { count: unread })}
            </Typography>
          )}
        </Box>
        <Divider />
        {!data && !failed && (
          <Box sx={{ p: 3, display: "flex", justifyContent: "center" }}>
            <CircularProgress size={24} aria-label={t("shell.notifications.loading")} />
          </Box>
        )}
        {failed && !data && (
          <Box sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t("shell.notifications.failed")}
            </Typography>
            <Button size="small" onClick={() => void load()}>
              {t("shell.notifications.retry")}
            </Button>
          </Box>
        )}
        {data && data.notifications.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="notifications-empty">
            {t("shell.notifications.empty")}
          </Typography>
        )}
        {data && data.notifications.length > 0 && (
          <List dense disablePadding data-testid="notifications-list">
            {data.notifications.map((n) => (
              <ListItemButton
                key={n.id}
                onClick={() => void openItem(n)}
                data-testid="notification-item"
                data-read={n.read ? "true" : "false"}
                sx={{ alignItems: "flex-start", bgcolor: n.read ? undefined : "action.hover" }}
              >
                <ListItemText
                  primary={n.title}
                  secondary={
                    <>
                      <Typography component="span" variant="body2" sx={{ display: "block" }}>
                        {n.body}
                      </Typography>
                      <Typography component="span" variant="caption" color="text.secondary">
                        <span data-testid="notification-time">{format.dateTime(n.created_at)}</span>
                        {n.read ? null : <> · {t("shell.notifications.unreadMark")}</>}
                      </Typography>
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {data?.read_only && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", px: 2, py: 1 }}>
            {t("shell.notifications.readOnly")}
          </Typography>
        )}
      </Popover>
      )}
    </>
  );
}
