'use client';

import { forwardRef } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import type { Tone } from '../../theme/tokens.js';
import * as styles from './Badge.css.js';

export type BadgeTone = Tone;
export type BadgeVariant = 'subtle' | 'solid' | 'outline';
export type BadgeSize = 'sm' | 'md';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /**
   * Colour: `neutral` (default) · `accent` · `success` · `warning` · `danger` · `info`. Never the only
   * carrier of meaning: the label says it too.
   */
  tone?: BadgeTone;
  /** Emphasis: `subtle` (default; tinted) · `solid` (filled, for one emphasis per view) · `outline`. */
  variant?: BadgeVariant;
  /** `sm` (in running text, dense lists) · `md` (default). */
  size?: BadgeSize;
  /** A decorative icon before the label; the badge wraps it in `aria-hidden`, so the text must say it all. */
  icon?: ReactNode;
  /** The label: one or two words ("Overdue", "3 unread"). */
  children?: ReactNode;
}

/** A short, non-interactive label: a count, a category, a state. Meaning must be in the text, not only the tone. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'neutral', variant = 'subtle', size = 'md', icon, className, children, ...rest },
  ref,
) {
  return (
    <span
      ref={ref}
      data-tone={tone}
      data-variant={variant}
      className={[styles.badge({ tone, variant, size }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <span className={styles.label}>{children}</span>
    </span>
  );
});

/** Common record states and the tone each one maps to; pass `tone` to override. */
export const statusTones = {
  active: 'success',
  open: 'accent',
  approved: 'success',
  completed: 'success',
  paid: 'success',
  pending: 'warning',
  'in-progress': 'info',
  review: 'info',
  draft: 'neutral',
  'on-hold': 'warning',
  overdue: 'danger',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
  closed: 'neutral',
  archived: 'neutral',
} as const satisfies Record<string, Tone>;

export type StatusKind = keyof typeof statusTones;

export interface StatusProps extends HTMLAttributes<HTMLSpanElement> {
  /** A known state, which picks the tone (see `statusTones`). */
  status?: StatusKind;
  /** The tone of the dot; wins over `status`. Default `neutral`. */
  tone?: Tone;
  /** `sm` · `md` (default). */
  size?: BadgeSize;
  /** The visible label (e.g. "Active"). The state is always conveyed by this text, not the colour. */
  children: ReactNode;
}

/** A coloured dot and a label for a record's state (Active, Pending, Closed…). */
export const Status = forwardRef<HTMLSpanElement, StatusProps>(function Status(
  { status, tone, size = 'md', className, children, ...rest },
  ref,
) {
  const resolved: Tone = tone ?? (status ? statusTones[status] : 'neutral');
  return (
    <span
      ref={ref}
      data-tone={resolved}
      data-status={status}
      className={[styles.status, styles.statusSize[size], className].filter(Boolean).join(' ')}
      {...rest}
    >
      <span aria-hidden="true" className={[styles.dot, styles.dotTone[resolved]].join(' ')} />
      <span className={styles.statusLabel}>{children}</span>
    </span>
  );
});
