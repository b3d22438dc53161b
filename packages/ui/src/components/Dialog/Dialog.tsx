'use client';

import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useRef, useState } from 'react';
import type { ReactElement, ReactNode, RefObject } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import * as styles from './Dialog.css.js';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogProps {
  /** Heading of the dialog; also its accessible name. */
  title: ReactNode;
  /** Short supporting text under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  /** The body. Scrolls when taller than the viewport; header and footer stay put. */
  children?: ReactNode;
  /** Actions, end-aligned (wrap `<DialogClose>` around a button to make it close the dialog). */
  footer?: ReactNode;
  /** Element that opens the dialog (a single element forwarding ref and props, e.g. `<Button>`). */
  trigger?: ReactElement;
  /** Controlled open state; pair with `onOpenChange`. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Maximum width: sm 400px, md 560px (default), lg 800px. Never wider than the viewport. */
  size?: DialogSize;
  /** Accessible name of the close button. Default `Close`. */
  closeLabel?: string;
  /** `alertdialog` for confirmations that interrupt the user. Default `dialog`. */
  role?: 'dialog' | 'alertdialog';
  /** Close on a click outside the panel (the backdrop). Default true. */
  closeOnInteractOutside?: boolean;
  /** Close on Escape. Default true. */
  closeOnEscape?: boolean;
  /** Element to focus on open; by default the first focusable element. */
  initialFocusEl?: () => HTMLElement | null;
}

/** Makes a scrollable region reachable by keyboard (and only then), so its content can be scrolled. */
export function useScrollableFocus(ref: RefObject<HTMLElement | null>) {
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

function DialogBody({ children }: { children: ReactNode }) {
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

export function CloseIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

export function Dialog({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  size = 'md',
  closeLabel = 'Close',
  role = 'dialog',
  closeOnInteractOutside = true,
  closeOnEscape = true,
  initialFocusEl,
}: DialogProps) {
  const container = useOverlayContainer();
  return (
    <ArkDialog.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      role={role}
      closeOnInteractOutside={closeOnInteractOutside}
      closeOnEscape={closeOnEscape}
      initialFocusEl={initialFocusEl}
      lazyMount
      unmountOnExit
    >
      {trigger && <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger>}
      <Portal container={container}>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={styles.content({ size })}>
            <div className={styles.header}>
              <div className={styles.heading}>
                <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
                {description && (
                  <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description>
                )}
              </div>
              <ArkDialog.CloseTrigger className={styles.closeTrigger} aria-label={closeLabel}>
                <CloseIcon className={styles.closeIcon} />
              </ArkDialog.CloseTrigger>
            </div>
            {children != null && <DialogBody>{children}</DialogBody>}
            {footer && <div className={styles.footer}>{footer}</div>}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

export interface DialogCloseProps {
  /** A single element forwarding ref and props, e.g. `<Button variant="outline">Cancel</Button>`. */
  children: ReactElement;
}

/** Makes its child close the enclosing dialog when activated. */
export function DialogClose({ children }: DialogCloseProps) {
  return <ArkDialog.CloseTrigger asChild>{children}</ArkDialog.CloseTrigger>;
}
