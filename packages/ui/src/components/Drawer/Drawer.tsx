'use client';

import { Drawer as ArkDrawer } from '@ark-ui/react/drawer';
import type { CSSProperties, ReactElement } from 'react';
import { ModalSurface, modalRootProps } from '../Modal/index.js';
import type { ModalParts, ModalProps } from '../Modal/index.js';
import * as styles from './Drawer.css.js';

export type DrawerSide = 'start' | 'end';

export interface DrawerProps extends ModalProps {
  /**
   * Edge the panel slides from. Logical: `start` is the left in LTR and the right in RTL, `end` the
   * opposite. Default `start`.
   */
  side?: DrawerSide;
  /** Panel width: a number of px or any CSS length. Default 285. Always leaves 48px of backdrop. */
  width?: number | string;
}

const parts: ModalParts = {
  Trigger: ArkDrawer.Trigger,
  Backdrop: ArkDrawer.Backdrop,
  Positioner: ArkDrawer.Positioner,
  Content: ArkDrawer.Content,
  Title: ArkDrawer.Title,
  Description: ArkDrawer.Description,
  CloseTrigger: ArkDrawer.CloseTrigger,
};

/**
 * A modal side panel (navigation, filters, details). Built on Ark's Drawer, so it can also be swiped
 * closed towards its edge on touch screens.
 */
export function Drawer({ side = 'start', width = 285, ...modal }: DrawerProps) {
  const widthStyle = {
    '--cp-drawer-width': typeof width === 'number' ? `${width}px` : width,
  } as CSSProperties;
  return (
    <ArkDrawer.Root {...modalRootProps(modal)} swipeDirection={side}>
      <ModalSurface
        {...modal}
        parts={parts}
        placement="edge"
        className={`${styles.panel} ${styles.side[side]}`}
        style={widthStyle}
      />
    </ArkDrawer.Root>
  );
}

export interface DrawerCloseProps {
  /** A single element forwarding ref and props, e.g. `<Button variant="outline">Done</Button>`. */
  children: ReactElement;
}

/** Makes its child close the enclosing drawer when activated (e.g. a navigation link). */
export function DrawerClose({ children }: DrawerCloseProps) {
  return <ArkDrawer.CloseTrigger asChild>{children}</ArkDrawer.CloseTrigger>;
}
