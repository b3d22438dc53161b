'use client';

import { Portal } from '@ark-ui/react/portal';
import type { ComponentType, ReactNode } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import * as styles from './FloatingList.css.js';
import { Check, ChevronDown } from 'lucide-react';
import { Icon } from '../Icon/index.js';

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

/** The chevron of a trigger that opens a floating list. */
export const ChevronIcon = () => <Icon icon={ChevronDown} size="sm" className={styles.glyph} />;

/** The check mark of a selected item. */
export const CheckIcon = () => <Icon icon={Check} size="sm" className={styles.glyph} />;
