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
 * Path routing: the browser address under `basePath` (history API; on the server `ssrPath`).
 * Memory routing: a history of its own, so the host page's address never changes.
 */
export function PortalRouter({
  routing,
  ssrPath,
  children,
}: {
  routing: PortalRouting;
  ssrPath?: string | undefined;
  children: ReactNode;
}) {
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
  return (
    <Router base={base} {...(ssrPath ? { ssrPath } : {})}>
      {children}
    </Router>
  );
}
