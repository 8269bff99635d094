import { useEffect, useId, useRef, useState, type FocusEvent, type MouseEvent, type RefObject } from "react";
import { NavLink } from "@remix-run/react";
import { Popper } from "@mui/material";
import { alpha, styled } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import type { NavBadges, NavGroup } from "~/features/shell/navigation";
import { ICON, StaticIcon, controls } from "~/platform/ui/static-controls";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/shell/navigation-list.module.css";

/**
 * The navigation's lists, links and headings are plain elements with static CSS (navigation-list.module.css; issue 27,
 * ADR 0062): the drawer is on every page, and thirty MUI list items with a Tooltip each cost more server time than
 * most pages' own content (docs/bench/pages.md). The hover text is MUI's Popper, mounted once it first shows.
 */

/** The one hover text of the navigation (MUI's tooltip look), shown next to the item under the pointer or focus. */
const NavTip = styled("div")(({ theme }) => ({
  ...theme.typography.caption,
  backgroundColor: alpha(theme.palette.grey[700], 0.92),
  color: theme.palette.common.white,
  borderRadius: theme.shape.borderRadius,
  padding: theme.spacing(0.5, 1),
  margin: theme.spacing(0, 1.5),
  maxWidth: 300,
  fontWeight: theme.typography.fontWeightMedium,
  zIndex: theme.zIndex.tooltip,
}));

type Tip = { key: string; text: string; anchor: HTMLElement };

/** What of the navigation lies below its visible part: nothing (null), or how many unread items it holds. */
type Below = { unread: number } | null;

/**
 * The fold hint (issue 27, ADR 0068): while items lie below the visible part of the navigation (the drawer is
 * taller than the window), a "More below" bar at its bottom says so, with the unread count of the badges it hides;
 * a click scrolls the navigation down. Measured in the browser only (the server render has no hint).
 */
function useBelowFold(nav: RefObject<HTMLElement>): Below {
  const [below, setBelow] = useState<Below>(null);
  useEffect(() => {
    const el = nav.current;
    if (!el) return;
    const update = () => {
      const box = el.getBoundingClientRect();
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) return setBelow(null);
      // The bar covers the bottom 40 px of the navigation: a badge under it is hidden too.
      const fold = box.top + el.clientHeight - 40;
      let unread = 0;
      for (const badge of el.querySelectorAll<HTMLElement>("[data-nav-unread]")) {
        if (badge.getBoundingClientRect().bottom > fold) unread += Number(badge.dataset.navUnread);
      }
      setBelow((old) => (old?.unread === unread ? old : { unread }));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, [nav]);
  return below;
}

export function NavigationList({ groups, badges, onNavigate }: { groups: NavGroup[]; badges?: NavBadges; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const tipId = useId();
  const [tip, setTip] = useState<Tip | null>(null);
  // Leaving an item hides its text a moment later, so the pointer can move onto the text (WCAG 1.4.13, hoverable).
  const hiding = useRef<ReturnType<typeof setTimeout>>();
  const keep = () => clearTimeout(hiding.current);
  const show = (key: string, text: string) => (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    keep();
    setTip({ key, text, anchor: e.currentTarget });
  };
  const hideSoon = () => {
    keep();
    hiding.current = setTimeout(() => setTip(null), 100);
  };
  const hide = () => {
    keep();
    setTip(null);
  };
  const tipProps = (key: string, text: string) => ({
    onMouseEnter: show(key, text),
    onFocus: show(key, text),
    onMouseLeave: hideSoon,
    onBlur: hide,
    // The hover text can be dismissed without moving the pointer or the focus (WCAG 1.4.13).
    onKeyDown: (e: { key: string }) => e.key === "Escape" && hide(),
    "aria-describedby": tip?.key === key ? tipId : undefined,
  });
  const tipMounted = useOpenedOnce(tip !== null);
  const navRef = useRef<HTMLElement>(null);
  const below = useBelowFold(navRef);
  return (
    <nav className={css.nav} aria-label={t("shell.mainNavigation")} ref={navRef}>
      {groups.map((group) => (
        <ul key={group.id} data-testid={`nav-group-${group.id}`}>
          {group.title && <li className={css.subheader}>{t(group.title)}</li>}
          {group.items.map((item) => {
            const count = item.badge ? (badges?.[item.badge] ?? 0) : 0;
            return (
              // Each item in its own <li> (a list holds only list items: WCAG 1.3.1, axe "list").
              <li key={item.to}>
                {item.external ? (
                  <a className={css.link} href={item.to} target="_blank" rel="noopener noreferrer" {...tipProps(item.to, t(item.info))}>
                    <span className={css.label}>{t(item.label)}</span>
                    <StaticIcon d={ICON.openInNew} small />
                  </a>
                ) : (
                  <NavLink className={css.link} to={item.to} onClick={onNavigate} {...tipProps(item.to, t(item.info))}>
                    <span className={css.label}>{t(item.label)}</span>
                    {count > 0 && (
                      <span className={controls.chip} role="img" aria-label={t("shell.notifications.unread", { count })} data-testid={`nav-badge-${item.badge}`} data-nav-unread={count}>
                        {count}
                      </span>
                    )}
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      ))}
      {below && (
        // A pointer's shortcut only (keyboard focus scrolls the navigation by itself): hidden from assistive
        // technology, which reads the whole list anyway.
        <div
          className={css.moreBelow}
          aria-hidden="true"
          data-testid="nav-more-below"
          onClick={() => navRef.current?.scrollBy({ top: navRef.current.clientHeight - 80, behavior: "smooth" })}
        >
          <StaticIcon d={ICON.expandMore} small />
          {below.unread > 0 ? t("nav.moreBelowUnread", { count: below.unread }) : t("nav.moreBelow")}
        </div>
      )}
      {/* MUI's Popper is the element with role "tooltip". */}
      {tipMounted && (
        <Popper id={tipId} open={tip !== null} anchorEl={tip?.anchor} placement="right" sx={{ zIndex: (theme) => theme.zIndex.tooltip }}>
          <NavTip onMouseEnter={keep} onMouseLeave={hideSoon}>
            {tip?.text}
          </NavTip>
        </Popper>
      )}
    </nav>
  );
}
