import { useEffect } from 'react';

/**
 * The browser tab's title while the page is shown; the previous title comes back when it goes
 * (the portal may be embedded in a site with titles of its own).
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
