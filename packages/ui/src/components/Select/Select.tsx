'use client';

import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { CheckIcon, ChevronIcon, FloatingList, floatingListStyles as list } from '../FloatingList/index.js';
import type { FloatingListParts } from '../FloatingList/index.js';
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
  /** Called when the list opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

const parts: FloatingListParts = { Positioner: ArkSelect.Positioner, Content: ArkSelect.Content };

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
  onOpenChange,
}: SelectProps) {
  const collection = useMemo(
    () =>
      createListCollection<SelectItem>({
        items,
        itemToValue: (item) => item.value,
        itemToString: (item) => item.label,
        isItemDisabled: (item) => !!item.disabled,
      }),
    [items],
  );
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const showError = invalid && errorText != null;
  const describedBy =
    [helperText != null && helperId, showError && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <ArkSelect.Root
      className={styles.root}
      collection={collection}
      value={toArray(value)}
      defaultValue={toArray(defaultValue)}
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
        <ArkSelect.Trigger className={styles.trigger({ size })} aria-describedby={describedBy}>
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
      <FloatingList parts={parts} className={styles.content({ size })}>
        {collection.items.map((item) => (
          <ArkSelect.Item key={item.value} item={item} className={list.item({ size })}>
            <ArkSelect.ItemText className={list.itemText}>{item.label}</ArkSelect.ItemText>
            <ArkSelect.ItemIndicator className={list.itemIndicator}>
              <CheckIcon />
            </ArkSelect.ItemIndicator>
          </ArkSelect.Item>
        ))}
      </FloatingList>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
