'use client';

import { Portal } from '@ark-ui/react/portal';
import type { ComponentType, ReactNode } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import * as styles from './FloatingList.css.js';

type Part = ComponentType<{ className?: string; children?: ReactNode }>;

/** The Ark parts a floating list renders through: Menu's or Select's positioner and content. */
export interface FloatingListParts {
  Positioner: Part;
  Content: Part;
}

export interface FloatingListProps {
  parts: FloatingListParts;
  /** The list's own limits (width, height, text size). */
  className: string;
  /** The items, styled with this folder's `item`, `itemText`, `itemIndicator`… */
  children: ReactNode;
}

/**
 * A list floating next to its trigger (a menu's actions, a select's options), portalled into the
 * ThemeRoot's overlay layer. The machine (positioning, highlight, typeahead, dismissal) is the
 * caller's Ark Root.
 */
export function FloatingList({ parts: { Positioner, Content }, className, children }: FloatingListProps) {
  const container = useOverlayContainer();
  return (
    <Portal container={container}>
      <Positioner className={styles.positioner}>
        <Content className={`${styles.content} ${className}`}>{children}</Content>
      </Positioner>
    </Portal>
  );
}

function Glyph({ d }: { d: string }) {
  return (
    <svg className={styles.glyph} viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path d={d} stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The chevron of a trigger that opens a floating list. */
export const ChevronIcon = () => <Glyph d="M4 6l4 4 4-4" />;

/** The check mark of a selected item. */
export const CheckIcon = () => <Glyph d="M3 8.5l3 3 7-7" />;
