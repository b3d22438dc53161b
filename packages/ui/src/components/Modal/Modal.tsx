'use client';

import { Portal } from '@ark-ui/react/portal';
import { useEffect, useRef, useState } from 'react';
import type { ComponentType, CSSProperties, ReactElement, ReactNode, RefObject } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import * as styles from './Modal.css.js';
import { X } from 'lucide-react';
import { Icon } from '../Icon/index.js';

/** What every modal (Dialog, Drawer) takes: its content, its trigger, its open state, how it closes. */
export interface ModalProps {
  /** Heading; also the accessible name. */
  title: ReactNode;
  /** Short supporting text under the title; becomes the accessible description. */
  description?: ReactNode;
  /** The body. Scrolls when taller than the viewport; the header and footer stay put. */
  children?: ReactNode;
  /** Actions, end-aligned at the bottom (a button wrapped in `DialogClose` / `DrawerClose` closes). */
  footer?: ReactNode;
  /** Element that opens it (a single element forwarding ref and props, e.g. `<Button>`). */
  trigger?: ReactElement;
  /** Controlled open state; pair with `onOpenChange`. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Accessible name of the close button. Default `Close`. */
  closeLabel?: string;
  /** Close on a click outside the panel (the backdrop). Default true. */
  closeOnInteractOutside?: boolean;
  /** Close on Escape. Default true. */
  closeOnEscape?: boolean;
  /** Element to focus on open; by default the first focusable element. */
  initialFocusEl?: () => HTMLElement | null;
}

/** The Root props of the Ark machine behind a modal (Dialog's or Drawer's take the same ones). */
export function modalRootProps({
  open,
  defaultOpen,
  onOpenChange,
  closeOnInteractOutside = true,
  closeOnEscape = true,
  initialFocusEl,
}: ModalProps) {
  return {
    open,
    defaultOpen,
    onOpenChange: onOpenChange ? (details: { open: boolean }) => onOpenChange(details.open) : undefined,
    closeOnInteractOutside,
    closeOnEscape,
    initialFocusEl,
    lazyMount: true,
    unmountOnExit: true,
  };
}

type Part<P = object> = ComponentType<P & { className?: string; children?: ReactNode }>;

/** The Ark parts a modal renders through: the same anatomy in Ark's Dialog and Drawer. */
export interface ModalParts {
  Trigger: ComponentType<{ asChild?: boolean; children?: ReactNode }>;
  Backdrop: Part;
  Positioner: Part;
  Content: Part<{ style?: CSSProperties }>;
  Title: Part;
  Description: Part;
  CloseTrigger: Part<{ 'aria-label'?: string }>;
}

export type ModalPlacement = 'center' | 'edge';

export interface ModalSurfaceProps extends ModalProps {
  parts: ModalParts;
  placement: ModalPlacement;
  /** The panel's own geometry (a Dialog's width cap, a Drawer's side and width). */
  className: string;
  style?: CSSProperties;
}

/** Makes a scrollable region reachable by keyboard (and only then), so its content can be scrolled. */
function useScrollableFocus(ref: RefObject<HTMLElement | null>) {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrollable(el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    check();
    return () => observer.disconnect();
  });
  return scrollable;
}

function ModalBody({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollable = useScrollableFocus(ref);
  return (
    <div
      ref={ref}
      className={className}
      tabIndex={scrollable ? 0 : undefined}
      data-scrollable={scrollable || undefined}
    >
      {children}
    </div>
  );
}

/**
 * Everything inside a modal machine's Root: the trigger and, portalled into the ThemeRoot's overlay
 * layer, the backdrop and the panel (header with title, description and close button; scrolling
 * body; footer). The machine (focus trap, dismissal, swipe) is the caller's Root.
 */
export function ModalSurface({
  parts,
  placement,
  className,
  style,
  title,
  description,
  children,
  footer,
  trigger,
  closeLabel = 'Close',
}: ModalSurfaceProps) {
  const container = useOverlayContainer();
  const { Trigger, Backdrop, Positioner, Content, Title, Description, CloseTrigger } = parts;
  return (
    <>
      {trigger && <Trigger asChild>{trigger}</Trigger>}
      <Portal container={container}>
        <Backdrop className={styles.backdrop[placement]} />
        <Positioner className={styles.positioner[placement]}>
          <Content className={`${styles.content[placement]} ${className}`} style={style}>
            <div className={styles.header[placement]}>
              <div className={styles.heading}>
                <Title className={styles.title[placement]}>{title}</Title>
                {description && <Description className={styles.description}>{description}</Description>}
              </div>
              <CloseTrigger className={styles.closeTrigger} aria-label={closeLabel}>
                <Icon icon={X} size="sm" className={styles.closeIcon} />
              </CloseTrigger>
            </div>
            {children != null && <ModalBody className={styles.body[placement]}>{children}</ModalBody>}
            {footer && <div className={styles.footer[placement]}>{footer}</div>}
          </Content>
        </Positioner>
      </Portal>
    </>
  );
}
