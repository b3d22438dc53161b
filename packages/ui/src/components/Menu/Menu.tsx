'use client';

import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { createContext, useContext, useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '../Button/index.js';
import type { ButtonProps } from '../Button/index.js';
import { ChevronIcon, FloatingList, floatingListStyles as list } from '../FloatingList/index.js';
import type { FloatingListParts } from '../FloatingList/index.js';
import * as styles from './Menu.css.js';

export interface MenuItemDef {
  type?: 'item';
  /** Passed to `onSelect`. Unique within the menu. */
  value: string;
  label: ReactNode;
  /** Decorative icon before the label (hidden from assistive technology). */
  icon?: ReactNode;
  disabled?: boolean;
  /** `danger` for destructive actions (delete, revoke). */
  tone?: 'neutral' | 'danger';
  /** Text used for typeahead when `label` is not plain text. */
  valueText?: string;
}
export interface MenuSeparatorDef {
  type: 'separator';
}
export interface MenuGroupDef {
  type: 'group';
  /** Visible group heading; also the group's accessible name. */
  label: ReactNode;
  items: Array<MenuItemDef | MenuSeparatorDef>;
}
export type MenuEntry = MenuItemDef | MenuSeparatorDef | MenuGroupDef;

export type MenuPlacement = NonNullable<NonNullable<ArkMenu.RootProps['positioning']>['placement']>;

export interface MenuProps {
  items: MenuEntry[];
  /** Called with the chosen item's `value`. */
  onSelect?: (value: string) => void;
  /** Content of the default trigger button. */
  label?: ReactNode;
  /** Appearance of the default trigger button (variant, tone, size, iconStart, aria-label…). */
  triggerProps?: Omit<ButtonProps, 'children' | 'onClick' | 'iconEnd'>;
  /** A custom trigger instead of the default button: a single element forwarding ref and props. */
  trigger?: ReactElement;
  /** Default `bottom-start`; flips when there is no room. */
  placement?: MenuPlacement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Keep the menu open after choosing an item. Default false. */
  keepOpenOnSelect?: boolean;
  /**
   * Shown in the open menu, as a row that cannot be chosen, when `items` is empty (say why, if you
   * can: "No actions for archived documents"). Default "No actions available".
   */
  emptyText?: ReactNode;
}

/** Id of the row shown instead of items when there are none. */
const EmptyRowId = createContext<string | undefined>(undefined);

/**
 * The menu. Its empty row is not a menu item, so it is hidden from assistive technology and read as
 * the menu's description instead.
 */
function Content({ className, children }: { className?: string; children?: ReactNode }) {
  const emptyRowId = useContext(EmptyRowId);
  return (
    <ArkMenu.Content className={className} aria-describedby={emptyRowId}>
      {children}
    </ArkMenu.Content>
  );
}

const parts: FloatingListParts = { Positioner: ArkMenu.Positioner, Content };

function Item({ item }: { item: MenuItemDef }) {
  return (
    <ArkMenu.Item
      value={item.value}
      disabled={item.disabled}
      valueText={item.valueText}
      className={list.item({ tone: item.tone ?? 'neutral' })}
    >
      {item.icon && (
        <span className={list.itemIcon} aria-hidden="true">
          {item.icon}
        </span>
      )}
      <ArkMenu.ItemText className={list.itemText}>{item.label}</ArkMenu.ItemText>
    </ArkMenu.Item>
  );
}

function renderEntry(entry: MenuItemDef | MenuSeparatorDef, key: string) {
  return entry.type === 'separator' ? (
    <ArkMenu.Separator key={key} className={list.separator} />
  ) : (
    <Item key={entry.value} item={entry} />
  );
}

export function Menu({
  items,
  onSelect,
  label,
  triggerProps,
  trigger,
  placement = 'bottom-start',
  open,
  defaultOpen,
  onOpenChange,
  keepOpenOnSelect = false,
  emptyText = 'No actions available',
}: MenuProps) {
  const emptyId = `${useId()}-empty`;
  const empty = items.length === 0;
  return (
    <ArkMenu.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      onSelect={onSelect ? (details) => onSelect(details.value) : undefined}
      closeOnSelect={!keepOpenOnSelect}
      positioning={{ placement, gutter: 4 }}
      lazyMount
      unmountOnExit
    >
      <ArkMenu.Trigger asChild>
        {trigger ?? (
          <Button
            variant="outline"
            tone="neutral"
            {...triggerProps}
            iconEnd={
              <ArkMenu.Indicator asChild>
                <span className={list.triggerIndicator}>
                  <ChevronIcon />
                </span>
              </ArkMenu.Indicator>
            }
          >
            {label}
          </Button>
        )}
      </ArkMenu.Trigger>
      <EmptyRowId.Provider value={empty ? emptyId : undefined}>
        <FloatingList parts={parts} className={styles.content}>
          {empty && (
            <div id={emptyId} aria-hidden="true" className={`${list.item()} ${styles.empty}`}>
              <span className={list.itemText}>{emptyText}</span>
            </div>
          )}
          {items.map((entry, i) =>
            entry.type === 'group' ? (
              <ArkMenu.ItemGroup key={`group-${i}`} className={list.itemGroup}>
                <ArkMenu.ItemGroupLabel className={list.itemGroupLabel}>{entry.label}</ArkMenu.ItemGroupLabel>
                {entry.items.map((child, j) => renderEntry(child, `sep-${i}-${j}`))}
              </ArkMenu.ItemGroup>
            ) : (
              renderEntry(entry, `sep-${i}`)
            ),
          )}
        </FloatingList>
      </EmptyRowId.Provider>
    </ArkMenu.Root>
  );
}
