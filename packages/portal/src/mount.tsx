'use client';

import { createRoot } from 'react-dom/client';
import { ClientPortal, type ClientPortalProps } from './ClientPortal.js';

export interface MountedPortal {
  /** Re-renders with these options merged over the current ones. */
  update(options: Partial<ClientPortalProps>): void;
  /** Unmounts the portal and empties the element. */
  unmount(): void;
}

/**
 * For sites without React: renders the portal into `element` (React is bundled with this entry's
 * consumer). Returns handles to change options and to remove it.
 */
export function mountClientPortal(element: Element, options: ClientPortalProps = {}): MountedPortal {
  const root = createRoot(element);
  let current: ClientPortalProps = { ...options };
  root.render(<ClientPortal {...current} />);
  let mounted = true;
  return {
    update(next) {
      if (!mounted) return;
      current = { ...current, ...next };
      root.render(<ClientPortal {...current} />);
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
    },
  };
}
