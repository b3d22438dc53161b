'use client';

import { createRoot, type Root } from 'react-dom/client';
import { ClientPortal, type ClientPortalProps } from './ClientPortal.js';

export interface MountedPortal {
  /** Re-renders with these options merged over the current ones. */
  update(options: Partial<ClientPortalProps>): void;
  /** Unmounts the portal (its cache and timers go with it) and empties the element. */
  unmount(): void;
}

/** The portal mounted on each element, so that mounting again replaces it. */
const mounted = new WeakMap<Element, MountedPortal>();

/**
 * For sites without React: renders the portal into `element` and returns handles to change its
 * options and to remove it. Mounting again on the same element unmounts the portal there first, so
 * a page that runs its setup twice gets one portal, not two fighting over one element.
 */
export function mountClientPortal(element: Element, options: ClientPortalProps = {}): MountedPortal {
  mounted.get(element)?.unmount();
  const root: Root = createRoot(element);
  let current: ClientPortalProps = { ...options };
  root.render(<ClientPortal {...current} />);
  let live = true;
  const handle: MountedPortal = {
    update(next) {
      if (!live) return;
      current = { ...current, ...next };
      root.render(<ClientPortal {...current} />);
    },
    unmount() {
      if (!live) return;
      live = false;
      if (mounted.get(element) === handle) mounted.delete(element);
      root.unmount();
      element.replaceChildren();
    },
  };
  mounted.set(element, handle);
  return handle;
}
