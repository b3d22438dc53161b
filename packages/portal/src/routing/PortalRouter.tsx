import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router } from 'wouter';
import type { PortalRouting } from '../config.js';

/**
 * A location of the portal's own (memory routing): the path and query live here, never in the
 * page's address. Unlike wouter's memoryLocation it gives React a server snapshot, so a portal
 * with memory routing renders on the server too.
 */
export function createMemoryLocation(initialPath: string): {
  hook: BaseLocationHook;
  searchHook: BaseSearchHook;
  navigate: (to: string) => void;
} {
  let current = initialPath.startsWith('/') ? initialPath : `/${initialPath}`;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const path = () => current.replace(/[?#].*$/, '') || '/';
  const search = () => /\?([^#]*)/.exec(current)?.[1] ?? '';
  const navigate = (to: string) => {
    if (to === current) return;
    current = to;
    for (const listener of listeners) listener();
  };
  return {
    hook: () => [useSyncExternalStore(subscribe, path, path), navigate],
    searchHook: () => useSyncExternalStore(subscribe, search, search),
    navigate,
  };
}

/** Normalises a base path: '' or '/portal' (leading slash, no trailing one). */
export function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * `ssrPath` as the browser shows the address: base path included, query kept. The relative form
 * (a path inside the portal, as `onNavigate` reports it) is accepted too and gets the base path,
 * so that the server and the hydrating client agree on one address whichever form a host passed.
 */
export function serverAddress(ssrPath: string, base: string): string {
  const address = ssrPath.startsWith('/') ? ssrPath : `/${ssrPath}`;
  if (!base) return address;
  const path = (address.split('?', 1)[0] ?? '/').toLowerCase();
  const root = base.toLowerCase();
  if (path === root || path.startsWith(`${root}/`)) return address;
  return address === '/'
    ? base
    : address.startsWith('/?')
      ? `${base}${address.slice(1)}`
      : `${base}${address}`;
}

const subscribeNothing = () => () => {};
/**
 * False while rendering on the server and while hydrating its markup, true in the browser after
 * that (and from the first render of a portal that was not server-rendered).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

/**
 * Path routing: the browser address under `basePath` (history API). On a server, and while the
 * browser hydrates the server's markup, the address is `ssrPath`; without one the portal renders
 * `pending` there (its loading state) and its routes only in the browser, so that nothing reads
 * `location` on a server and server and client markup agree.
 * Memory routing: a history of its own, so the host page's address never changes.
 */
export function PortalRouter({
  routing,
  ssrPath,
  pending,
  children,
}: {
  routing: PortalRouting;
  ssrPath?: string | undefined;
  pending: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [memory] = useState(() =>
    routing.mode === 'memory' ? createMemoryLocation(routing.initialPath ?? '/') : null,
  );
  if (memory) {
    return (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {children}
      </Router>
    );
  }
  const base = normaliseBasePath(routing.mode === 'path' ? routing.basePath : '');
  if (!hydrated && ssrPath === undefined) return <>{pending}</>;
  return (
    <Router base={base} {...(ssrPath !== undefined ? { ssrPath: serverAddress(ssrPath, base) } : {})}>
      {children}
    </Router>
  );
}
