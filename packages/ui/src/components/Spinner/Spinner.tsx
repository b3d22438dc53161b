'use client';

import * as styles from './Spinner.css.js';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible label; when omitted the spinner is decorative (the caller announces busy state). */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const cls = [styles.spinner, styles.size[size], className].filter(Boolean).join(' ');
  return label ? (
    <span role="status" aria-label={label} className={cls} />
  ) : (
    <span aria-hidden="true" className={cls} />
  );
}
