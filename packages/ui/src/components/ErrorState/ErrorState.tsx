'use client';

import type { HTMLAttributes, ReactNode } from 'react';
import { Button } from '../Button/index.js';
import * as styles from './ErrorState.css.js';
import { CircleExclamationPoint } from 'lucide-react';
import { Icon } from '../Icon/index.js';

export type ErrorStateHeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface ErrorStateLabels {
  /** Default title. */
  title: string;
  /** The retry button (`onRetry`). */
  retry: string;
  /** The disclosure that holds `details`. */
  details: string;
}

export const defaultErrorStateLabels: ErrorStateLabels = {
  title: 'Something went wrong',
  retry: 'Try again',
  details: 'Technical details',
};

export interface ErrorStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  /** Default: "Something went wrong" (`labels.title`). */
  title?: ReactNode;
  /** Heading level of the title: `2` · `3` (default; inside a page section or card) · `4` · `5` · `6`. */
  headingLevel?: ErrorStateHeadingLevel;
  /** What failed and what the person can do about it. */
  message?: ReactNode;
  /** Shows a "Try again" button (`labels.retry`) that calls it. Default: no button. */
  onRetry?: () => void;
  /** While true, the retry button shows a spinner, is marked busy and ignores clicks. */
  retrying?: boolean;
  /** Technical details (error code, request id), collapsed under a disclosure. */
  details?: ReactNode;
  /** Replaces the default warning icon; `null` removes it. */
  icon?: ReactNode;
  /** Extra actions after the retry button (e.g. "Contact support" link). */
  actions?: ReactNode;
  /** `sm` (less padding, a small button; in cards, tables and panels) · `md` (default). */
  size?: 'sm' | 'md';
  /**
   * Replaces any of its strings, for translation: `title` ("Something went wrong"), `retry` ("Try
   * again"), `details` ("Technical details").
   */
  labels?: Partial<ErrorStateLabels>;
}

/** The kit's error mark (also beside Stat's inline error). */
export function WarningIcon({ className = styles.iconSvg }: { className?: string }) {
  return <Icon icon={CircleExclamationPoint} size="lg" className={className} />;
}

/**
 * A failed load or action, with a way to retry. `role="alert"`, so it is announced when it appears.
 */
export function ErrorState({
  title,
  headingLevel = 3,
  message,
  onRetry,
  retrying = false,
  details,
  icon = <WarningIcon />,
  actions,
  size = 'md',
  labels: labelOverrides,
  className,
  ...rest
}: ErrorStateProps) {
  const labels = { ...defaultErrorStateLabels, ...labelOverrides };
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      role="alert"
      data-retrying={retrying ? '' : undefined}
      className={[styles.root, styles.size[size], className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon != null && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <div className={styles.text}>
        <Heading className={styles.title}>{title ?? labels.title}</Heading>
        {message != null && <p className={styles.message}>{message}</p>}
      </div>
      {(onRetry || actions != null) && (
        <div className={styles.actions}>
          {onRetry && (
            <Button size={size === 'sm' ? 'sm' : 'md'} loading={retrying} onClick={() => onRetry()}>
              {labels.retry}
            </Button>
          )}
          {actions}
        </div>
      )}
      {details != null && (
        <details className={styles.details}>
          <summary className={styles.summary}>{labels.details}</summary>
          <pre className={styles.detailsBody}>{details}</pre>
        </details>
      )}
    </div>
  );
}
