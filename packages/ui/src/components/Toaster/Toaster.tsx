'use client';

import { useLocaleContext } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import type { ToastOptions } from '@ark-ui/react/toast';
import { CircleCheck, CircleX, Info, type LucideIcon, TriangleExclamationPoint, X } from 'lucide-react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import { button } from '../Button/Button.css.js';
import { Icon } from '../Icon/index.js';
import { IconButton } from '../IconButton/index.js';
import { Spinner } from '../Spinner/index.js';
import { arkStoreOf } from './createPortalToaster.js';
import type { PortalToaster } from './createPortalToaster.js';
import { liveRegionFor } from './placement.js';
import type { ToastStatus } from './placement.js';
import * as styles from './Toaster.css.js';

export interface ToasterProps {
  /** The store from `createPortalToaster()` (make it once, at module scope); this renders its toasts. */
  toaster: PortalToaster;
  /** Accessible name of each toast's close button. Default "Dismiss notification"; translate it. */
  closeLabel?: string;
  /** Accessible name of the notifications region. Default Ark's "Notifications, <placement> (alt+T)". */
  label?: string;
  /** An extra class on the notifications region. */
  className?: string;
}

const STATUSES: readonly string[] = ['info', 'warning', 'success', 'error', 'loading'];
const statusOf = (type: string | undefined): ToastStatus =>
  type && STATUSES.includes(type) ? (type as ToastStatus) : 'info';

const icons: Record<Exclude<ToastStatus, 'loading'>, LucideIcon> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  error: CircleX,
};

function ToastItem({
  toast,
  closeLabel,
  dir,
}: {
  toast: ToastOptions;
  closeLabel: string;
  dir: 'ltr' | 'rtl';
}) {
  const status = statusOf(toast.type);
  const glyph = status === 'loading' ? null : icons[status];
  return (
    <Toast.Root className={styles.root} dir={dir} {...liveRegionFor(status)}>
      <span className={styles.icon} aria-hidden="true">
        {glyph ? <Icon icon={glyph} /> : <Spinner size="md" />}
      </span>
      <div className={styles.body}>
        {toast.title ? <Toast.Title className={styles.title}>{toast.title}</Toast.Title> : null}
        {toast.description ? (
          <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
        ) : null}
        {toast.action ? (
          <Toast.ActionTrigger
            className={[button({ variant: 'outline', tone: 'neutral', size: 'sm' }), styles.action].join(' ')}
          >
            {toast.action.label}
          </Toast.ActionTrigger>
        ) : null}
      </div>
      {toast.closable ? (
        <Toast.CloseTrigger asChild>
          <IconButton label={closeLabel} variant="ghost" tone="neutral" size="sm" className={styles.close}>
            <Icon icon={X} />
          </IconButton>
        </Toast.CloseTrigger>
      ) : null}
    </Toast.Root>
  );
}

/**
 * Renders a toaster's toasts (Ark Toast) in the ThemeRoot's overlay layer. Render it once, near the
 * app's root, inside `<ThemeRoot>`. Toasts are announced politely (`role="status"`); errors
 * assertively (`role="alert"`). Escape dismisses the focused toast; alt+T focuses the region.
 */
export function Toaster({ toaster, closeLabel = 'Dismiss notification', label, className }: ToasterProps) {
  const container = useOverlayContainer();
  const { dir = 'ltr' } = useLocaleContext();
  return (
    <Portal container={container}>
      <ArkToaster
        toaster={arkStoreOf(toaster)}
        className={[styles.group, className].filter(Boolean).join(' ')}
        aria-label={label}
        // zag 1.43 turns start/end into physical left/right for the direction, then applies them as
        // *logical* insets (inset-inline-start…), which flips them back in RTL. Laying the region out
        // LTR makes those insets physical, so start/end mirror correctly; each toast gets the real dir.
        dir="ltr"
      >
        {(toast) => <ToastItem toast={toast} closeLabel={closeLabel} dir={dir} />}
      </ArkToaster>
    </Portal>
  );
}
