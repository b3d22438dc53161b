'use client';

import { forwardRef, useId } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './Card.css.js';

export type CardVariant = 'outline' | 'elevated';
export type CardPadding = 'sm' | 'md' | 'lg';
export type CardHeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /**
   * The element: `section` (default) is a region named by its title; `article` for self-contained
   * items (a case, a message); `div` when the card is purely visual.
   */
  as?: 'section' | 'article' | 'div';
  /** `outline` (default; a bordered surface) · `elevated` (raised surface with a shadow). */
  variant?: CardVariant;
  /** Inner spacing: `sm` 12px · `md` 20px (default) · `lg` 24px. */
  padding?: CardPadding;
  /** Rendered as a heading of `headingLevel`, and used as the card's accessible name. */
  title?: ReactNode;
  /** Heading level of the title. Default 2; use the level that fits the page outline. */
  headingLevel?: CardHeadingLevel;
  /** Supporting text under the title; also the card's accessible description (not with `as="div"`). */
  description?: ReactNode;
  /** Buttons or links at the end of the header. */
  actions?: ReactNode;
  /** A strip under the body, end-aligned in muted small text (a timestamp, secondary actions). */
  footer?: ReactNode;
  /** The body. */
  children?: ReactNode;
}

/** A surface grouping related content: optional header (title, description, actions), body, footer. */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  {
    as: As = 'section',
    variant = 'outline',
    padding = 'md',
    title,
    headingLevel = 2,
    description,
    actions,
    footer,
    className,
    children,
    ...rest
  },
  ref,
) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title != null || description != null || actions != null;
  return (
    <As
      ref={ref as never}
      data-variant={variant}
      aria-labelledby={title != null && As !== 'div' ? titleId : undefined}
      aria-describedby={description != null && As !== 'div' ? descriptionId : undefined}
      className={[styles.card({ variant, padding }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      {hasHeader && (
        <div className={styles.header}>
          {(title != null || description != null) && (
            <div className={styles.headings}>
              {title != null && (
                <Heading id={titleId} className={styles.title}>
                  {title}
                </Heading>
              )}
              {description != null && (
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
              )}
            </div>
          )}
          {actions != null && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children != null && <div className={styles.body}>{children}</div>}
      {footer != null && <div className={styles.footer}>{footer}</div>}
    </As>
  );
});
