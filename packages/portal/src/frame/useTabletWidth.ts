import { breakpoints } from '@client-portal/ui';
import { type RefObject, useLayoutEffect, useState } from 'react';
import { TABLET_MAX } from './Frame.css.js';

/**
 * Whether the frame is tablet-wide (768–1023px): there the side navigation is always the mini rail.
 * Measured on the frame itself (a ResizeObserver), not the window, since an embedded portal may be
 * narrower than the screen — the same reading as the frame's container queries.
 */
export function useTabletWidth(frame: RefObject<HTMLElement | null>): boolean {
  const [tablet, setTablet] = useState(false);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const read = (width: number) => setTablet(width >= breakpoints.md && width < TABLET_MAX);
    read(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) read(entry.contentBoxSize[0]?.inlineSize ?? entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  return tablet;
}
