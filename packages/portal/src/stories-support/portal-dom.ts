/** DOM helpers for whole-portal stories (they rely on the portal root only, never on the frame). */

/** The portal roots in the story, outermost first (a <ClientPortal> root carries `data-color-mode`). */
export function portalRoots(canvasElement: HTMLElement): HTMLElement[] {
  return [...canvasElement.querySelectorAll<HTMLElement>('[data-color-mode]')].filter(
    (element) => !element.parentElement?.closest('[data-color-mode]'),
  );
}

/** The one portal root of a story with one portal. */
export function portalRoot(canvasElement: HTMLElement): HTMLElement {
  const [root] = portalRoots(canvasElement);
  if (!root) throw new Error('No portal root in the story');
  return root;
}

/** Removes the portal's localStorage entries (colour mode, analytics) before and after a story. */
export function clearPortalStorage(...prefixes: string[]): () => void {
  const clear = () => {
    for (const key of Object.keys(localStorage)) {
      if (prefixes.some((prefix) => key.startsWith(`${prefix}:`))) localStorage.removeItem(key);
    }
  };
  clear();
  return clear;
}
