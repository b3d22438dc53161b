'use client';

import { Drawer as ArkDrawer } from '@ark-ui/react/drawer';
import { Portal } from '@ark-ui/react/portal';
import { useRef } from 'react';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import { CloseIcon, useScrollableFocus } from '../Dialog/Dialog.js';
import * as styles from './Drawer.css.js';

export type DrawerSide = 'start' | 'end';

export interface DrawerProps {
  /** Heading of the panel; also its accessible name. */
  title: ReactNode;
  /** Short supporting text under the title; the panel's accessible description. */
  description?: ReactNode;
  /** Panel content; scrolls when taller than the viewport. */
  children?: ReactNode;
  /** Actions pinned to the bottom of the panel. */
  footer?: ReactNode;
  /** Element that opens the drawer (a single element forwarding ref and props, e.g. `<Button>`). */
  trigger?: ReactElement;
  /** Controlled open state; pair with `onOpenChange`. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * Edge the panel slides from. Logical: `start` is the left in LTR and the right in RTL, `end` the
   * opposite. Default `start`.
   */
  side?: DrawerSide;
  /** Panel width: a number of px or any CSS length. Default 285. Always leaves 48px of backdrop. */
  width?: number | string;
  /** Accessible name of the close button. Default `Close`. */
  closeLabel?: string;
  /** Close on a click on the backdrop. Default true. */
  closeOnInteractOutside?: boolean;
  /** Close on Escape. Default true. */
  closeOnEscape?: boolean;
  /** Element to focus on open; by default the first focusable element. */
  initialFocusEl?: () => HTMLElement | null;
}

function DrawerBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollable = useScrollableFocus(ref);
  return (
    <div
      ref={ref}
      className={styles.body}
      tabIndex={scrollable ? 0 : undefined}
      data-scrollable={scrollable || undefined}
    >
      {children}
    </div>
  );
}

/**
 * A modal side panel (navigation, filters, details). Built on Ark's Drawer, so it can also be swiped
 * closed towards its edge on touch screens.
 */
export function Drawer({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  side = 'start',
  width = 285,
  closeLabel = 'Close',
  closeOnInteractOutside = true,
  closeOnEscape = true,
  initialFocusEl,
}: DrawerProps) {
  const container = useOverlayContainer();
  const widthStyle = {
    '--cp-drawer-width': typeof width === 'number' ? `${width}px` : width,
  } as CSSProperties;
  return (
    <ArkDrawer.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      swipeDirection={side}
      closeOnInteractOutside={closeOnInteractOutside}
      closeOnEscape={closeOnEscape}
      initialFocusEl={initialFocusEl}
      lazyMount
      unmountOnExit
    >
      {trigger && <ArkDrawer.Trigger asChild>{trigger}</ArkDrawer.Trigger>}
      <Portal container={container}>
        <ArkDrawer.Backdrop className={styles.backdrop} />
        <ArkDrawer.Positioner className={styles.positioner}>
          <ArkDrawer.Content className={styles.content({ side })} style={widthStyle}>
            <div className={styles.header}>
              <div className={styles.heading}>
                <ArkDrawer.Title className={styles.title}>{title}</ArkDrawer.Title>
                {description && (
                  <ArkDrawer.Description className={styles.description}>{description}</ArkDrawer.Description>
                )}
              </div>
              <ArkDrawer.CloseTrigger className={styles.closeTrigger} aria-label={closeLabel}>
                <CloseIcon className={styles.closeIcon} />
              </ArkDrawer.CloseTrigger>
            </div>
            {children != null && <DrawerBody>{children}</DrawerBody>}
            {footer && <div className={styles.footer}>{footer}</div>}
          </ArkDrawer.Content>
        </ArkDrawer.Positioner>
      </Portal>
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
