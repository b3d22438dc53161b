'use client';

import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { createContext, useContext, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { CheckIcon, ChevronIcon, FloatingList, floatingListStyles as list } from '../FloatingList/index.js';
import type { FloatingListParts } from '../FloatingList/index.js';
import { Spinner } from '../Spinner/index.js';
import * as styles from './Select.css.js';

export interface SelectItem {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectSize = 'sm' | 'md';

export interface SelectProps {
  /** Visible label; also the accessible name of the control. */
  label: ReactNode;
  items: SelectItem[];
  /** Shown while nothing is selected. */
  placeholder?: string;
  /** Controlled value; `null` for no selection. Pair with `onValueChange`. */
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string | null, item: SelectItem | null) => void;
  /** Field name: a hidden native `<select>` carries the value in form submissions. */
  name?: string;
  /** Id of the form the hidden select belongs to, when not nested in it. */
  form?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Marks the field invalid (`aria-invalid`, danger border) and shows `errorText`. */
  invalid?: boolean;
  errorText?: ReactNode;
  /** Hint under the field. */
  helperText?: ReactNode;
  size?: SelectSize;
  /** Open the list on first render (uncontrolled). Default false. */
  defaultOpen?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /**
   * The options are still being fetched: the list shows a spinner and `loadingText` instead of the
   * options, nothing can be chosen, and the trigger is `aria-busy`. The current value stays shown.
   * Default false.
   */
  loading?: boolean;
  /** Text of the list's row while `loading`. Default "Loading…". */
  loadingText?: ReactNode;
  /** Shown in the open list, as a row that cannot be chosen, when `items` is empty. Default "No options". */
  emptyText?: ReactNode;
}

interface ListStatusValue {
  busy: boolean;
  /** Id of the status row ("Loading…", "No options") shown instead of options, if any. */
  describedBy: string | undefined;
}
const ListStatus = createContext<ListStatusValue>({ busy: false, describedBy: undefined });

/**
 * The listbox. A status row is not an option, so it is hidden from assistive technology and read
 * as the listbox's description instead; the listbox is `aria-busy` while loading. One component
 * throughout, so the list is not remounted (losing focus) when loading ends.
 */
function Content({ className, children }: { className?: string; children?: ReactNode }) {
  const { busy, describedBy } = useContext(ListStatus);
  return (
    <ArkSelect.Content className={className} aria-busy={busy || undefined} aria-describedby={describedBy}>
      {children}
    </ArkSelect.Content>
  );
}

const parts: FloatingListParts = { Positioner: ArkSelect.Positioner, Content };

const toArray = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? [] : [v]);

export function Select({
  label,
  items,
  placeholder,
  value,
  defaultValue,
  onValueChange,
  name,
  form,
  required,
  disabled,
  readOnly,
  invalid = false,
  errorText,
  helperText,
  size = 'md',
  defaultOpen,
  onOpenChange,
  loading = false,
  loadingText = 'Loading…',
  emptyText = 'No options',
}: SelectProps) {
  const collection = useMemo(
    () =>
      createListCollection<SelectItem>({
        items,
        itemToValue: (item) => item.value,
        itemToString: (item) => item.label,
        isItemDisabled: (item) => loading || !!item.disabled,
      }),
    [items, loading],
  );
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const showError = invalid && errorText != null;
  const describedBy =
    [helperText != null && helperId, showError && errorId].filter(Boolean).join(' ') || undefined;
  const statusId = `${id}-status`;
  const status = loading ? loadingText : items.length === 0 ? emptyText : null;

  return (
    <ArkSelect.Root
      className={styles.root}
      collection={collection}
      value={toArray(value)}
      defaultValue={toArray(defaultValue)}
      defaultOpen={defaultOpen}
      onValueChange={
        onValueChange
          ? (details) => onValueChange(details.value[0] ?? null, details.items[0] ?? null)
          : undefined
      }
      onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      name={name}
      form={form}
      required={required}
      disabled={disabled}
      readOnly={readOnly}
      invalid={invalid}
      positioning={{ gutter: 4, sameWidth: true }}
      lazyMount
      unmountOnExit
    >
      <ArkSelect.Label className={styles.label}>{label}</ArkSelect.Label>
      <ArkSelect.Control className={styles.control}>
        <ArkSelect.Trigger
          className={styles.trigger({ size })}
          aria-describedby={describedBy}
          aria-busy={loading || undefined}
        >
          <ArkSelect.ValueText className={styles.valueText} placeholder={placeholder} />
          <ArkSelect.Indicator asChild>
            <span className={`${list.triggerIndicator} ${styles.indicator}`}>
              <ChevronIcon />
            </span>
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      {helperText != null && (
        <p id={helperId} className={styles.helperText}>
          {helperText}
        </p>
      )}
      {showError && (
        <p id={errorId} className={styles.errorText}>
          {errorText}
        </p>
      )}
      <ListStatus.Provider value={{ busy: loading, describedBy: status == null ? undefined : statusId }}>
        <FloatingList parts={parts} className={styles.content({ size })}>
          {status != null ? (
            <div id={statusId} aria-hidden="true" className={`${list.item({ size })} ${styles.status}`}>
              {loading && <Spinner size="sm" />}
              <span className={list.itemText}>{status}</span>
            </div>
          ) : (
            collection.items.map((item) => (
              <ArkSelect.Item key={item.value} item={item} className={list.item({ size })}>
                <ArkSelect.ItemText className={list.itemText}>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator className={list.itemIndicator}>
                  <CheckIcon />
                </ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))
          )}
        </FloatingList>
      </ListStatus.Provider>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
