import { safeReturnTo } from '@client-portal/api-client';

/** The page's own address (path and query); '/' on a server. */
export function currentPageAddress(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}

/**
 * The portal's current address as the host sees it: the router's base path, the portal path and
 * its query. With path routing this is the page's address; with memory routing the in-memory
 * route (the address bar belongs to the host), so that the portal's own sign-in page can return
 * there.
 */
export function currentReturnTo(base: string, location: string, search: string): string {
  const path = location.startsWith('~')
    ? location.slice(1)
    : base && location === '/'
      ? base
      : `${base}${location}`;
  const query = search.replace(/^\?/, '');
  return `${path || '/'}${query ? `?${query}` : ''}`;
}

/**
 * The login URL with `returnTo` (the page to come back to after sign-in). Keeps a query the login
 * URL already has and puts the parameter before a fragment; `returnTo` is reduced to a same-origin
 * path ('/' otherwise), so a crafted address can never become an open redirect.
 */
export function loginUrlFor(loginUrl: string, returnTo: string = currentPageAddress()): string {
  const hashAt = loginUrl.indexOf('#');
  const base = hashAt === -1 ? loginUrl : loginUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : loginUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}returnTo=${encodeURIComponent(safeReturnTo(returnTo))}${hash}`;
}

/**
 * Where the portal goes after signing in: `returnTo` (an address on the host, base path
 * included) as a path inside the portal's router. An address outside the portal's base path
 * goes to the portal's start.
 */
export function portalPathOf(returnTo: string, base: string): string {
  const safe = safeReturnTo(returnTo);
  if (!base) return safe;
  const [path = '/', ...query] = safe.split('?');
  const lower = path.toLowerCase();
  const root = base.toLowerCase();
  if (lower !== root && !lower.startsWith(`${root}/`)) return '/';
  const inside = path.slice(base.length) || '/';
  return query.length ? `${inside}?${query.join('?')}` : inside;
}
