import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { defaultStoragePrefix } from '../config.js';
import { portal } from '../portal.css.js';

/** Marks the shadow host of a portal rendered into a shadow root (see ShadowIsolation). */
export const SHADOW_HOST_ATTRIBUTE = 'data-client-portal-host';

/** What a portal's outermost element in the page's DOM matches: its root, or its shadow host. */
const PORTAL_IN_PAGE = `.${portal}, [${SHADOW_HOST_ATTRIBUTE}]`;

/**
 * The prefix of this portal's localStorage keys: the host's `storageKeyPrefix` (portals given the
 * same one share their settings on purpose), else one by the portal's place among the portals of
 * the page (defaultStoragePrefix), found once it is in the document, before the browser paints.
 * `outer` is the portal's element in the page when it is not the themed root (a shadow host).
 */
export function useStoragePrefix(
  explicit: string | undefined,
  outer?: RefObject<HTMLElement | null>,
): { prefix: string; ref: RefObject<HTMLDivElement | null> } {
  const ref = useRef<HTMLDivElement | null>(null);
  const [place, setPlace] = useState(0);
  useLayoutEffect(() => {
    if (explicit !== undefined) return;
    const element = outer?.current ?? ref.current;
    if (!element) return;
    const all = Array.from(element.ownerDocument.querySelectorAll(PORTAL_IN_PAGE));
    setPlace(Math.max(0, all.indexOf(element)));
  }, [explicit, outer]);
  return { prefix: explicit ?? defaultStoragePrefix(place), ref };
}
