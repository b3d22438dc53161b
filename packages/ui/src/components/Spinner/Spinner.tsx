'use client';

import { visuallyHidden } from '../../theme/root.css.js';
import * as styles from './Spinner.css.js';

export interface SpinnerProps {
  /** Diameter: `sm` 14px (in controls and text) · `md` 20px (default; panels) · `lg` 32px (whole screens). */
  size?: 'sm' | 'md' | 'lg';
  /**
   * Accessible label ("Loading invoices…"): the spinner becomes a `role="status"` named by it, with
   * the label as its (visually hidden) text too, so screen readers announce it when it appears.
   * When omitted (default) the spinner is decorative (`aria-hidden`) and the caller announces the
   * busy state.
   */
  label?: string;
  /** Extra class on the spinner's element (a `<span>`). */
  className?: string;
}

/** A turning ring for short work of unknown length, in the colour of the text around it. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const cls = [styles.spinner, styles.size[size], className].filter(Boolean).join(' ');
  return label ? (
    <span role="status" aria-label={label} className={cls}>
      <span className={visuallyHidden}>{label}</span>
    </span>
  ) : (
    <span aria-hidden="true" className={cls} />
  );
}
