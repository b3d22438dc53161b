'use client';

import type { CSSProperties } from 'react';
import * as styles from './Skeleton.css.js';

export type SkeletonShape = 'block' | 'text' | 'circle';

export interface SkeletonProps {
  /** `block` (default: 100% × 16px), `text` (a 12px line), `circle` (40px, or `width` square). */
  shape?: SkeletonShape;
  /**
   * A number is px; a string is any CSS length (`'60%'`). Default: the shape's (see `shape`). Never
   * wider than its container.
   */
  width?: number | string;
  /** A number is px; a string is any CSS length. Default: the shape's; a `circle` given only `width` stays round. */
  height?: number | string;
  /** An extra class on the placeholder. */
  className?: string;
}

const len = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/** Sizes travel as custom properties: our class declarations are !important and would beat inline sizes. */
const skeletonSizeStyle = (width?: number | string, height?: number | string) =>
  // `initial` (not inheriting a parent skeleton's size) makes the class fall back to its default.
  ({
    '--cp-skeleton-width': len(width) ?? 'initial',
    '--cp-skeleton-height': len(height) ?? 'initial',
  }) as CSSProperties;

/**
 * A decorative loading placeholder, always hidden from assistive technology: the component that
 * shows it announces the busy state (`aria-busy`, a status message). The shimmer stops under
 * `prefers-reduced-motion: reduce`.
 */
export function Skeleton({ shape = 'block', width, height, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-shape={shape}
      className={[styles.skeleton, styles.shape[shape], className].filter(Boolean).join(' ')}
      style={skeletonSizeStyle(width, height)}
    />
  );
}

export interface SkeletonTextProps {
  /** Number of lines. Default 3. */
  lines?: number;
  /** Width of the whole block. Default 100%. */
  width?: number | string;
  /** Width of the last line (a paragraph rarely ends flush). Default 60% when there are several lines. */
  lastLineWidth?: number | string;
  /** An extra class on the block. */
  className?: string;
}

/** A paragraph placeholder: `lines` text skeletons, the last one shorter. */
export function SkeletonText({ lines = 3, width, lastLineWidth = '60%', className }: SkeletonTextProps) {
  const count = Math.max(1, Math.floor(lines));
  return (
    <span
      aria-hidden="true"
      data-lines={count}
      className={[styles.text, className].filter(Boolean).join(' ')}
      style={skeletonSizeStyle(width)}
    >
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className={[styles.skeleton, styles.shape.text].join(' ')}
          style={skeletonSizeStyle(count > 1 && i === count - 1 ? lastLineWidth : undefined)}
        />
      ))}
    </span>
  );
}
