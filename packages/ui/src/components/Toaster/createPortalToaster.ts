import { createToaster } from '@ark-ui/react/toast';
import type { CreateToasterReturn } from '@ark-ui/react/toast';
import type { ReactNode } from 'react';
import { toArkPlacement, withoutUndefined } from './placement.js';
import type { ToasterPlacement, ToastStatus } from './placement.js';

export const DEFAULT_TOAST_DURATION = 5000;

export interface PortalToastOptions {
  /** Reuse an id to update an existing toast (e.g. a loading toast once the work finishes). */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  /** Default `info`. `loading` toasts stay until updated to another type or dismissed. */
  type?: ToastStatus;
  /** Milliseconds before it hides itself; default 5000 (the toaster's `duration`). `Infinity` keeps it. */
  duration?: number;
  /** Show a close button (its accessible name comes from the `<Toaster closeLabel>`). Default false. */
  closable?: boolean;
  /** One action button; clicking it runs `onClick` and dismisses the toast. */
  action?: { label: string; onClick: () => void };
  onStatusChange?: (details: { status: 'visible' | 'dismissing' | 'unmounted'; src?: string }) => void;
  meta?: Record<string, unknown>;
}

type StatusOptions = Omit<PortalToastOptions, 'type'>;

/** Ark's toast store, with our option types; pass it to `<Toaster toaster={...} />`. */
export interface PortalToaster
  extends Omit<
    CreateToasterReturn<ReactNode>,
    'create' | 'update' | 'success' | 'error' | 'info' | 'warning' | 'loading'
  > {
  /** Shows a toast (or updates the one with the same `id`); returns its id. */
  create(options: PortalToastOptions): string;
  update(id: string, options: PortalToastOptions): string;
  info(options: StatusOptions): string;
  success(options: StatusOptions): string;
  warning(options: StatusOptions): string;
  error(options: StatusOptions): string;
  loading(options: StatusOptions): string;
}

export interface CreatePortalToasterOptions {
  /** Default `bottom`; left/right mean start/end and mirror in right-to-left layouts. */
  placement?: ToasterPlacement;
  /** Default time on screen in ms (5000). Loading toasts ignore it. */
  duration?: number;
  /** Most toasts shown at once; more wait in a queue. Default 5. */
  max?: number;
  /** Gap between stacked toasts in px. Default 12. */
  gap?: number;
  /** Distance from the viewport edges. Default `16px`. */
  offsets?: string;
  /** Stack toasts on top of each other until hovered (Ark's `overlap`). Default false: a list. */
  overlap?: boolean;
}

/**
 * Creates a toast store (Ark's `createToaster`) with the kit's defaults. Make one per app (module
 * scope), render `<Toaster toaster={toaster} />` once inside the ThemeRoot, and call
 * `toaster.create({ title, description, type, duration, closable })` from anywhere.
 */
export function createPortalToaster({
  placement,
  duration = DEFAULT_TOAST_DURATION,
  max = 5,
  gap = 12,
  offsets = '16px',
  overlap = false,
}: CreatePortalToasterOptions = {}): PortalToaster {
  const store = createToaster<ReactNode>({
    placement: toArkPlacement(placement),
    duration,
    max,
    gap,
    offsets,
    overlap,
  });
  const c = (o: object) => withoutUndefined(o);
  const toaster: PortalToaster = {
    ...store,
    create: (o) => store.create(c(o)),
    update: (id, o) => store.update(id, c(o)),
    info: (o) => store.create({ ...c(o), type: 'info' }),
    success: (o) => store.create({ ...c(o), type: 'success' }),
    warning: (o) => store.create({ ...c(o), type: 'warning' }),
    error: (o) => store.create({ ...c(o), type: 'error' }),
    loading: (o) => store.create({ ...c(o), type: 'loading' }),
  };
  arkStores.set(toaster, store);
  return toaster;
}

const arkStores = new WeakMap<PortalToaster, CreateToasterReturn<ReactNode>>();

/** The Ark store behind a toaster, for Ark's `<Toaster>` (whose store type allows any toast type). */
export const arkStoreOf = (toaster: PortalToaster): CreateToasterReturn<ReactNode> =>
  arkStores.get(toaster) ?? (toaster as unknown as CreateToasterReturn<ReactNode>);
