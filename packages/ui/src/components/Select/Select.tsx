'use client';

import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
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

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M4 6l4 4 4-4"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Check() {
  return (
    <svg className={styles.check} viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M3 8.5l3 3 7-7"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
  const container = useOverlayContainer();
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
            <span className={styles.indicator}>
              <Chevron />
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
      <Portal container={container}>
        <ArkSelect.Positioner className={styles.positioner}>
          <ArkSelect.Content className={styles.content({ size })}>
            {collection.items.map((item) => (
              <ArkSelect.Item key={item.value} item={item} className={styles.item({ size })}>
                <ArkSelect.ItemText className={styles.itemText}>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator className={styles.itemIndicator}>
                  <Check />
                </ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
