'use client';

import { useLocaleContext } from '@ark-ui/react/locale';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { forwardRef } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/root.css.js';
import { formatCount } from './count.js';
import * as styles from './Tabs.css.js';

export interface TabItem {
  /** Unique key, used by `value` / `defaultValue` / `onValueChange`. */
  value: string;
  /** The tab's visible text. */
  label: ReactNode;
  /** The panel shown when this tab is selected. */
  content: ReactNode;
  /** Shown, but cannot be selected; the arrow keys skip it. Default false. */
  disabled?: boolean;
  /**
   * A number badge after the label, in the locale's digits, capped at "99+"; a negative or non-finite
   * number shows none. Default none.
   */
  count?: number;
  /** Replaces the bare number for screen readers, e.g. "3 unread" (read "Messages (3 unread)"). */
  countLabel?: string;
  /**
   * The panel's content is loading (show a Skeleton or Spinner in `content`): marks the panel
   * `aria-busy`, so assistive technology waits for it. Default false.
   */
  busy?: boolean;
}

export interface TabsProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dir' | 'defaultValue' | 'onChange'> {
  /**
   * Required. The tabs, in order, each with its panel: `value`, `label`, `content`, and optionally
   * `disabled`, `count`, `countLabel`, `busy`.
   */
  items: TabItem[];
  /** The selected tab's `value` (controlled; update it from `onValueChange`). */
  value?: string;
  /** The initially selected tab (uncontrolled); default the first enabled tab. */
  defaultValue?: string;
  /**
   * Called with the `value` of the newly selected tab: on a click, or on an arrow key with `automatic`
   * activation (Enter or Space with `manual`).
   */
  onValueChange?: (value: string) => void;
  /** Accessible name for the tablist (recommended when the page has more than one). */
  listLabel?: string;
  /** `automatic` (default) selects on arrow-key focus; `manual` waits for Enter or Space. */
  activationMode?: 'automatic' | 'manual';
  /** Render a panel only once it is first selected. Default false. */
  lazyMount?: boolean;
}

/**
 * Horizontal tabs (Ark Tabs): arrow keys move between tabs (mirrored in right-to-left layouts), Home
 * and End jump to the ends, disabled tabs are skipped, and the list scrolls when the tabs do not fit.
 */
export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs(
  {
    items,
    value,
    defaultValue,
    onValueChange,
    listLabel,
    activationMode = 'automatic',
    lazyMount = false,
    className,
    ...rest
  },
  ref,
) {
  const { locale } = useLocaleContext();
  const firstEnabled = items.find((item) => !item.disabled)?.value;
  return (
    <ArkTabs.Root
      ref={ref}
      className={[styles.root, className].filter(Boolean).join(' ')}
      orientation="horizontal"
      activationMode={activationMode}
      lazyMount={lazyMount}
      {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? firstEnabled })}
      onValueChange={onValueChange ? (details) => onValueChange(details.value) : undefined}
      {...rest}
    >
      <ArkTabs.List className={styles.list} aria-label={listLabel}>
        {items.map((item) => {
          const count = formatCount(item.count, 99, locale);
          return (
            <ArkTabs.Trigger
              key={item.value}
              value={item.value}
              disabled={item.disabled}
              className={styles.trigger}
            >
              <span className={styles.label}>{item.label}</span>
              {count !== null && (
                <>
                  <span className={styles.badge} aria-hidden={item.countLabel ? true : undefined}>
                    {count}
                  </span>
                  {item.countLabel && <span className={visuallyHidden}>{` (${item.countLabel})`}</span>}
                </>
              )}
            </ArkTabs.Trigger>
          );
        })}
        <ArkTabs.Indicator className={styles.indicator} />
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content
          key={item.value}
          value={item.value}
          className={styles.content}
          aria-busy={item.busy || undefined}
        >
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
});
