'use client';

import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import * as buttonStyles from '../Button/Button.css.js';
import type { ButtonSize, ButtonTone, ButtonVariant } from '../Button/index.js';
import { Spinner } from '../Spinner/index.js';
import * as styles from './IconButton.css.js';

export type IconButtonVariant = ButtonVariant;
export type IconButtonTone = ButtonTone;
export type IconButtonSize = ButtonSize;

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'aria-labelledby' | 'children'> {
  /** Accessible name, rendered as `aria-label` (the button has no visible text). Required. */
  label: string;
  /** The icon (an SVG, 20 × 20 px); it is hidden from assistive technology. */
  children: ReactNode;
  /** As Button's: `solid` · `outline` · `subtle` · `ghost` (default). */
  variant?: IconButtonVariant;
  /** `neutral` (default) · `accent` · `danger` (destructive actions). */
  tone?: IconButtonTone;
  /** Square side: `sm` 32px · `md` 40px (default) · `lg` 48px. */
  size?: IconButtonSize;
  /** Shows a spinner, marks the button busy and ignores clicks, while keeping it focusable. */
  loading?: boolean;
  /** Mirror the icon in right-to-left layouts (for arrows and chevrons). Default false. */
  flipInRtl?: boolean;
}

/** A square, icon-only button with the same variants, tones and sizes as Button. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    children,
    variant = 'ghost',
    tone = 'neutral',
    size = 'md',
    loading = false,
    flipInRtl = false,
    className,
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
      className={[buttonStyles.button({ variant, tone, size }), styles.square, styles.size[size], className]
        .filter(Boolean)
        .join(' ')}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-loading={loading ? '' : undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
      aria-label={label}
    >
      <span
        className={[styles.icon, flipInRtl && !loading ? styles.flip : undefined].filter(Boolean).join(' ')}
        aria-hidden="true"
      >
        {loading ? <Spinner size="md" /> : children}
      </span>
    </button>
  );
});
