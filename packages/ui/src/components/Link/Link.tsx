'use client';

import { forwardRef, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/root.css.js';
import { externalRel, isExternalHref } from './external.js';
import * as styles from './Link.css.js';
import { ExternalLink } from 'lucide-react';
import { Icon } from '../Icon/index.js';

export type LinkVariant = 'inline' | 'standalone';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Where it goes. Required: a link without a destination should be a `Button`. */
  href: string;
  /**
   * `inline` (default; underlined, for running text) · `standalone` (bold, underlined on hover and
   * focus; for a link on its own, e.g. "View all").
   */
  variant?: LinkVariant;
  /**
   * Opens in a new tab with `rel="noopener noreferrer"`, an icon and a hidden "(opens in a new tab)".
   * Default: detected, true for absolute http(s) URLs on another origin.
   */
  external?: boolean;
  /** Screen-reader text appended to external links; translate it. Default "(opens in a new tab)". */
  newTabLabel?: string;
  /** An icon before the words (an `<Icon>`), on their line; hidden from screen readers. */
  iconStart?: ReactNode;
  /** The link text: says where it goes ("Billing settings", not "click here"). */
  children?: ReactNode;
}

const noop = () => () => {};
/** The page's origin on the client; `null` while server rendering and hydrating. */
const useOrigin = () =>
  useSyncExternalStore(
    noop,
    () => window.location.origin,
    () => null,
  );

const ExternalIcon = () => <Icon icon={ExternalLink} size={14} className={styles.externalIcon} />;

/** A themed anchor; external links open in a new tab and say so to everyone. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    href,
    variant = 'inline',
    external,
    newTabLabel = '(opens in a new tab)',
    className,
    iconStart,
    children,
    target,
    rel,
    ...rest
  },
  ref,
) {
  const origin = useOrigin();
  const isExternal = external ?? isExternalHref(href, origin);
  const opensNewTab = isExternal || target === '_blank';
  return (
    <a
      ref={ref}
      href={href}
      className={[styles.link[variant], className].filter(Boolean).join(' ')}
      target={isExternal ? '_blank' : target}
      rel={opensNewTab ? externalRel(rel) : rel}
      data-external={isExternal ? '' : undefined}
      {...rest}
    >
      {iconStart && (
        <span className={styles.startIcon} aria-hidden="true">
          {iconStart}
        </span>
      )}
      {variant === 'standalone' ? <span className={styles.text}>{children}</span> : children}
      {opensNewTab && (
        <>
          <ExternalIcon />
          <span className={visuallyHidden}> {newTabLabel}</span>
        </>
      )}
    </a>
  );
});
