'use client';

import type { HTMLAttributes, ReactNode } from 'react';
import { Button } from '../Button/index.js';
import * as styles from './EmptyState.css.js';

export type EmptyStateHeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** A decorative icon or illustration; it is hidden from assistive technology. */
  icon?: ReactNode;
  /** Required. What is missing, in a few words ("No documents yet"); rendered as a heading. */
  title: ReactNode;
  /** Heading level of the title: `2` · `3` (default; inside a page section or card) · `4` · `5` · `6`. */
  headingLevel?: EmptyStateHeadingLevel;
  /** A line under the title: why there is nothing, or what happens next. Default none. */
  description?: ReactNode;
  /** Any action element(s), e.g. a `<Button>` or a link; shown after the `actionLabel` button. */
  action?: ReactNode;
  /** Shortcut for a single primary button: its label (the button shows only with `onAction` too)… */
  actionLabel?: string;
  /** …and its click handler. */
  onAction?: () => void;
  /** `sm` (less padding, a small button; inside tables, charts and small cards) · `md` (default). */
  size?: 'sm' | 'md';
}

/** What to show when there is nothing yet: icon, title, explanation and the next step. */
export function EmptyState({
  icon,
  title,
  headingLevel = 3,
  description,
  action,
  actionLabel,
  onAction,
  size = 'md',
  className,
  ...rest
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  const hasButton = actionLabel != null && onAction != null;
  return (
    <div className={[styles.root, styles.size[size], className].filter(Boolean).join(' ')} {...rest}>
      {icon != null && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <div className={styles.text}>
        <Heading className={styles.title}>{title}</Heading>
        {description != null && <p className={styles.description}>{description}</p>}
      </div>
      {(action != null || hasButton) && (
        <div className={styles.actions}>
          {hasButton && (
            <Button size={size === 'sm' ? 'sm' : 'md'} onClick={onAction}>
              {actionLabel}
            </Button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}
