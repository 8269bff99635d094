import { useRef, type KeyboardEvent } from "react";
import { cx } from "~/platform/ui/static";
import css from "~/features/questionnaires/components/questionnaires.module.css";

/**
 * A tab strip in static CSS (no emotion on the server): buttons with role="tab" in a role="tablist" whose tabs
 * wrap onto a second line when they do not fit. One tab is in the Tab order (the selected one); the arrow keys, Home and End move to
 * another tab and select it (the ARIA practices' automatic activation). Each tab controls `panelId` when given.
 */
export type TabItem<T extends string> = { value: T; label: string; testId?: string; id?: string; panelId?: string; disabled?: boolean };

export function StaticTabs<T extends string>({
  value,
  items,
  onChange,
  label,
  className,
}: {
  value: T;
  items: ReadonlyArray<TabItem<T>>;
  onChange: (value: T) => void;
  label: string;
  className?: string;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const enabled = items.filter((item) => !item.disabled);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((item) => item.value === value);
    const next =
      event.key === "ArrowRight" ? enabled[(at + 1) % enabled.length]
      : event.key === "ArrowLeft" ? enabled[(at - 1 + enabled.length) % enabled.length]
      : event.key === "Home" ? enabled[0]
      : event.key === "End" ? enabled[enabled.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    strip.current?.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  };
  return (
    <div ref={strip} role="tablist" aria-label={label} className={cx(css.tabs, className)} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={item.id}
            data-value={item.value}
            data-testid={item.testId}
            aria-selected={selected}
            aria-controls={item.panelId}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            className={cx(css.tab, selected && css.tabSelected)}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
