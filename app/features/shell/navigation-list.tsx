import { useId, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import { NavLink } from "@remix-run/react";
import { Chip, Popper } from "@mui/material";
import { alpha, styled } from "@mui/material/styles";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { useTranslation } from "react-i18next";
import type { NavBadges, NavGroup } from "~/features/shell/navigation";

/**
 * The navigation's lists, links and headings are plain elements styled once by this wrapper (as MUI's dense List,
 * ListSubheader and ListItemButton look): the drawer is on every page, and thirty MUI list items with a Tooltip
 * each cost more server time than most pages' own content (docs/bench/pages.md).
 */
const NavRoot = styled("nav")(({ theme }) => ({
  flex: 1,
  overflowY: "auto",
  "& ul": { listStyle: "none", margin: 0, padding: theme.spacing(1, 0), position: "relative" },
  "& li": { margin: 0, padding: 0 },
  "& .nav-subheader": {
    ...theme.typography.body2,
    lineHeight: "32px",
    fontWeight: theme.typography.fontWeightMedium,
    color: theme.palette.text.secondary,
    padding: theme.spacing(0, 2),
  },
  "& .nav-link": {
    ...theme.typography.body2,
    display: "flex",
    alignItems: "center",
    gap: theme.spacing(1),
    minHeight: 36,
    padding: theme.spacing(0.5, 2),
    color: theme.palette.text.primary,
    textDecoration: "none",
    overflowWrap: "anywhere",
    transition: theme.transitions.create("background-color", { duration: theme.transitions.duration.shortest }),
    "&:hover": { backgroundColor: theme.palette.action.hover },
    "&:focus-visible": { outline: "2px solid currentColor", outlineOffset: -2, backgroundColor: theme.palette.action.focus },
    "&.active": { backgroundColor: theme.palette.action.selected, fontWeight: 600 },
  },
  "& .nav-label": { flex: 1, minWidth: 0, margin: theme.spacing(0.5, 0) },
}));

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
  return (
    <NavRoot aria-label="Main navigation">
      {groups.map((group) => (
        <ul key={group.id} data-testid={`nav-group-${group.id}`}>
          {group.title && <li className="nav-subheader">{t(group.title)}</li>}
          {group.items.map((item) => {
            const count = item.badge ? (badges?.[item.badge] ?? 0) : 0;
            return (
              // Each item in its own <li> (a list holds only list items: WCAG 1.3.1, axe "list").
              <li key={item.to}>
                {item.external ? (
                  <a className="nav-link" href={item.to} target="_blank" rel="noopener noreferrer" {...tipProps(item.to, t(item.info))}>
                    <span className="nav-label">{t(item.label)}</span>
                    <OpenInNewIcon fontSize="small" />
                  </a>
                ) : (
                  <NavLink className="nav-link" to={item.to} onClick={onNavigate} {...tipProps(item.to, t(item.info))}>
                    <span className="nav-label">{t(item.label)}</span>
                    {count > 0 && (
                      <Chip size="small" color="primary" label={count} aria-label={`${count} unread`} data-testid={`nav-badge-${item.badge}`} />
                    )}
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      ))}
      {/* MUI's Popper is the element with role "tooltip". */}
      <Popper id={tipId} open={tip !== null} anchorEl={tip?.anchor} placement="right" sx={{ zIndex: (theme) => theme.zIndex.tooltip }}>
        <NavTip onMouseEnter={keep} onMouseLeave={hideSoon}>
          {tip?.text}
        </NavTip>
      </Popper>
    </NavRoot>
  );
}
