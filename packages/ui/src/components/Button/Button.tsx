'use client';

import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from '../Spinner/index.js';
import * as styles from './Button.css.js';

export type ButtonVariant = 'solid' | 'outline' | 'subtle' | 'ghost';
export type ButtonTone = 'accent' | 'neutral' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Emphasis: `solid` (default; filled, for the one main action of a view) · `outline` · `subtle`
   * (tinted) · `ghost` (no background until hovered; for the least important actions).
   */
  variant?: ButtonVariant;
  /** Colour: `accent` (default) · `neutral` · `danger` (destructive actions only: revoke, delete). */
  tone?: ButtonTone;
  /** Height: `sm` 32px · `md` 40px (default) · `lg` 48px. */
  size?: ButtonSize;
  /** Stretch to the full width of the container. Default false. */
  fullWidth?: boolean;
  /**
   * Shows a spinner in place of `iconStart`, sets `aria-busy` and `aria-disabled` and ignores clicks
   * (a submit button does not submit), while keeping the button focusable. Default false.
   */
  loading?: boolean;
  /**
   * An icon before the label (on the right in right-to-left layouts). Rendered as given: mark a
   * decorative icon `aria-hidden`. Replaced by the spinner while `loading`.
   */
  iconStart?: ReactNode;
  /** An icon after the label (an arrow, say). Rendered as given: mark a decorative icon `aria-hidden`. */
  iconEnd?: ReactNode;
}

/**
 * A native `<button>` for an action (`type="button"` unless you pass `type="submit"`), in four
 * variants, three tones and three sizes, with a busy state. For a destination, use `Link`.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'solid',
    tone = 'accent',
    size = 'md',
    fullWidth = false,
    loading = false,
    iconStart,
    iconEnd,
    className,
    children,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[styles.button({ variant, tone, size, fullWidth }), className].filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-loading={loading ? '' : undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {loading ? (
        <Spinner size="sm" />
      ) : (
        iconStart && (
          <span className={styles.icon} aria-hidden="true">
            {iconStart}
          </span>
        )
      )}
      <span className={styles.label}>{children}</span>
      {iconEnd && (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      )}
    </button>
  );
});
