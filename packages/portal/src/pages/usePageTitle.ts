import { useEffect } from 'react';

/**
 * The browser tab's title while a page is shown: "<page> · <the title the site had>", so a portal
 * embedded in a provider's site keeps the site's name, and the site's title comes back on leaving.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const before = document.title;
    const site = before.includes(' · ') ? before.slice(before.indexOf(' · ') + 3) : before;
    document.title = site ? `${title} · ${site}` : title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
