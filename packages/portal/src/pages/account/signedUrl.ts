/**
 * Where a signed download URL points: an absolute URL as it is; a path (the host's file route, its
 * mount path included) on the API's origin, which is not the page's when the portal talks to a host
 * elsewhere (an absolute `apiBaseUrl`).
 */
export function signedUrlHref(url: string, apiBaseUrl: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(apiBaseUrl)) return url;
  return new URL(url, apiBaseUrl).href;
}

/**
 * Starts a download without leaving the portal: a temporary link inside `host` is clicked. The
 * host's file route answers with `Content-Disposition: attachment`, so the browser saves the file
 * and the page stays; `download` names it on the same origin.
 */
export function startDownload(href: string, host: HTMLElement): void {
  const link = host.ownerDocument.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  link.hidden = true;
  host.appendChild(link);
  link.click();
  link.remove();
}
