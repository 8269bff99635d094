import type { ReactElement } from "react";
import { Tooltip } from "@mui/material";
import css from "~/platform/ui/controls.module.css";
import { useHydrated } from "~/platform/ui/mount-hooks";

/** The class names of the static controls (controls.module.css), for elements drawn in place. */
export const controls = css;

/** An icon as MUI's SvgIcon draws it (`d`: the path of the @mui/icons-material icon), with no style work. */
export function StaticIcon({ d, small }: { d: string; small?: boolean }) {
  return (
    <svg className={small ? `${css.icon} ${css.iconSmall}` : css.icon} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/** The paths of the icons the frame draws (from @mui/icons-material, Apache-2.0 / Material Design icons). */
export const ICON = {
  menu: "M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z",
  logout: "m17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z",
  key: "M21 10h-8.35C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H13l2 2 2-2 2 2 4-4.04zM7 15c-1.65 0-3-1.35-3-3s1.35-3 3-3 3 1.35 3 3-1.35 3-3 3",
  notifications:
    "M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z",
  helpOutline:
    "M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4",
  openInNew: "M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z",
  expandMore: "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z",
  download: "M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z",
} as const;

/**
 * MUI's Tooltip over `children`, from hydration on: a tooltip is closed on first paint, and MUI's would still cost
 * style work in every server render. `children` must take a ref and keep its own accessible name.
 */
export function ClientTooltip({ title, children }: { title: string; children: ReactElement }) {
  return useHydrated() ? <Tooltip title={title}>{children}</Tooltip> : children;
}
