import { useRef, type KeyboardEvent } from "react";
import { Link } from "@remix-run/react";
import { cx } from "~/platform/ui/static-common";
import css from "~/platform/ui/static-tabs.module.css";

/**
 * A tab strip in static CSS (no emotion on the server, issue 27): a role="tablist" whose tabs wrap onto a second line
 * when they do not fit (never a sideways scroll). One tab is in the Tab order (the selected one); the arrow keys, Home
 * and End move to another tab. Two kinds of tab, by item:
 * - `to` given: the tab is a link (`<a role="tab">`, works without JavaScript); the arrow keys move the focus only and
 *   Enter follows the link (the ARIA practices' manual activation — following a link loads a page).
 * - else: a `<button role="tab">`; the arrow keys move AND select (`onChange`, automatic activation).
 * Each tab controls `panelId` when given.
 */
export type TabItem<T extends string> = { value: T; label: string; testId?: string; id?: string; panelId?: string; disabled?: boolean; to?: string };

export function StaticTabs<T extends string>({
  value,
  items,
  onChange,
  label,
  className,
}: {
  value: T;
  items: ReadonlyArray<TabItem<T>>;
  onChange?: (value: T) => void;
  label: string;
  className?: string;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const enabled = items.filter((item) => !item.disabled);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focused = strip.current?.querySelector<HTMLElement>("[role=tab]:focus")?.dataset.value;
    const at = enabled.findIndex((item) => item.value === (focused ?? value));
    const next =
      event.key === "ArrowRight" ? enabled[(at + 1) % enabled.length]
      : event.key === "ArrowLeft" ? enabled[(at - 1 + enabled.length) % enabled.length]
      : event.key === "Home" ? enabled[0]
      : event.key === "End" ? enabled[enabled.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    if (next.to === undefined) onChange?.(next.value);
    strip.current?.querySelector<HTMLElement>(`[data-value="${next.value}"]`)?.focus();
  };
  return (
    <div ref={strip} role="tablist" aria-label={label} className={cx(css.tabs, className)} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.value === value;
        const common = {
          role: "tab",
          id: item.id,
          "data-value": item.value,
          "data-testid": item.testId,
          "aria-selected": selected,
          "aria-controls": item.panelId,
          tabIndex: selected ? 0 : -1,
          className: cx(css.tab, selected && css.tabSelected),
        } as const;
        if (item.to !== undefined && !item.disabled)
          return (
            <Link key={item.value} {...common} to={item.to} preventScrollReset>
              {item.label}
            </Link>
          );
        return (
          <button key={item.value} type="button" {...common} disabled={item.disabled} onClick={() => onChange?.(item.value)}>
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
