import type { CSSProperties, ReactNode } from "react";

/** What every static primitive (./static, ./static-data) passes through to its element. */
export type Common = {
  id?: string;
  className?: string;
  role?: string;
  title?: string;
  style?: CSSProperties;
  children?: ReactNode;
  tabIndex?: number;
} & { [k: `aria-${string}`]: string | number | boolean | undefined } & { [k: `data-${string}`]: string | number | boolean | undefined };

/** The class names joined, falsy ones dropped. */
export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(" ");
